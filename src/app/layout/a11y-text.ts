// What the page says to people who cannot see it: the document title (the first thing a screen reader reads on a
// page change, and what a tab strip or the history list shows) and the one polite announcement made when a citation
// opens or its highlight steps to another region. Pure, so both are unit-tested and can later come from the i18n
// catalog without touching the components.

import { createTranslator, type Translate } from '../../core/i18n/translate.ts';

const APP = 'citelens';
/** English unless a caller hands the UI language's translator (src/i18n/use-translate.ts). */
const EN = createTranslator('en');
/** A tab shows about 30 characters: the most specific part comes first and a long question is cut. */
const MAX_PART = 70;

export type TitleView =
  | { kind: 'home' }
  | { kind: 'loading'; answerId: string }
  | {
      kind: 'answer';
      /** The question, or the answer's id when it has none. */
      answer: string;
      /** The document on screen, when one is. */
      document?: string;
      /** The open citation's marker key. */
      cite?: string;
    };

/** "Citation 2, Vendor Security Policy – How must vendors…? – citelens"; "Answers – citelens" on the home page. */
export function pageTitle(view: TitleView, t: Translate = EN): string {
  switch (view.kind) {
    case 'home':
      return join([t('home.title'), APP]);
    case 'loading':
      return join([t('title.loading', { id: shorten(view.answerId) }), APP]);
    case 'answer': {
      const where = view.document
        ? view.cite
          ? t('title.citation', { key: view.cite, document: shorten(view.document) })
          : shorten(view.document)
        : undefined;
      return join([where, shorten(view.answer), APP]);
    }
    default: {
      const never: never = view;
      return never;
    }
  }
}

export interface Arrival {
  key: string;
  document: string;
  /** The page of the region on screen; absent for a source without pages (Markdown, text). */
  page?: number;
  found: boolean;
  /** 0-based region on screen and how many the passage has (0 when it was not found). */
  region: number;
  regions: number;
}

/** "Citation 2 — Report.pdf, page 4, region 1 of 3"; "… passage not found" when the viewer could not place it. */
export function citationAnnouncement(a: Arrival, t: Translate = EN): string {
  const where = [shorten(a.document), a.page !== undefined ? t('announce.page', { page: a.page }) : undefined].filter(Boolean).join(t('review.listSeparator'));
  const what = !a.found
    ? t('announce.notFound')
    : a.regions > 1
      ? t('announce.region', { region: Math.min(a.region, a.regions - 1) + 1, count: a.regions })
      : t('announce.highlighted');
  return t('announce.citation', { key: a.key, where, what });
}

function join(parts: (string | undefined)[]): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(' – ');
}

/** Whitespace collapsed (a question may span lines) and cut at a word near MAX_PART characters. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_PART) return flat;
  const cut = flat.slice(0, MAX_PART);
  const space = cut.lastIndexOf(' ');
  // the lookbehind tries a trailing run of punctuation once, from its first character, not from each
  return `${(space > MAX_PART / 2 ? cut.slice(0, space) : cut).replace(/(?<![\s,;:.–—-])[\s,;:.–—-]+$/, '')}…`;
}
