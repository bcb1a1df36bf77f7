import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { Answer } from '../../core/model/types.ts';
import type { ViewState } from './url-state.ts';
import { createTranslator, type Translate } from '../../core/i18n/translate.ts';

/** English unless a caller hands the UI language's translator (src/i18n/use-translate.ts). */
const EN = createTranslator('en');

// A link may name a citation, a document or a page the answer does not have (an old link, a typo, an answer that
// changed). The view then falls back to the answer (no citation open, its default document) and says what was not
// found, instead of silently opening page 1.

export interface DeepLinkFacts {
  view: ViewState;
  answer: Answer;
  model: AnswerModel;
  target: HighlightTarget | null;
  /** The shown document's page count, once the viewer knows it. */
  pageCount: number | null;
}

/** What the link asked for that does not exist, in words; null when everything it names exists. */
export function deepLinkProblem({ view, answer, model, target, pageCount }: DeepLinkFacts, t: Translate = EN): string | null {
  if (view.cite && !target) {
    const label = `[${view.cite}]`;
    return model.invalidMarkers.some((m) => m.key === view.cite) ? t('deepLink.invalidMarker', { label }) : t('deepLink.noCitation', { label });
  }
  if (view.doc && !target && !answer.documents.some((d) => d.id === view.doc)) {
    return t('deepLink.noDocument', { doc: view.doc });
  }
  if (view.page !== undefined && !target && pageCount !== null && view.page > pageCount) {
    return t('deepLink.noPage', { page: view.page, count: pageCount });
  }
  return null;
}
