import type { SourceFlag, SourceFlagCode } from '../../core/model/types.ts';
import { readableDate } from '../../core/model/readable-date.ts';
import type { MessageKey } from '../../core/i18n/messages-en.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import type { MarkerInfo } from './marker-info.ts';
import { useConfidenceLabel } from './provider-context.ts';

// The small print of a citation, shared by the marker preview and the reference list: the web page it was read
// from, its date, the provider's confidence, and what the adapter or the model noticed about it.

type ValidMarker = Extract<MarkerInfo, { kind: 'valid' }>;

// A Record over the codes, so a new flag code cannot reach reviewers without a name.
const flagTitles: Record<SourceFlagCode, Extract<MessageKey, `sourceFlag.${string}`>> = {
  'bbox-pages-mismatch': 'sourceFlag.bboxPagesMismatch',
  'box-clamped': 'sourceFlag.boxClamped',
  'box-off-page': 'sourceFlag.boxOffPage',
  'page-out-of-range': 'sourceFlag.pageOutOfRange',
  'duplicate-collapsed': 'sourceFlag.duplicateCollapsed',
  'offset-out-of-range': 'sourceFlag.offsetOutOfRange',
  'document-guessed': 'sourceFlag.documentGuessed',
  'adapter-note': 'sourceFlag.adapterNote',
};

export function SourceFlagLine({ flag }: { flag: SourceFlag }) {
  const t = useTranslate();
  return (
    <span data-source-flag={flag.code} className="mt-0.5 block text-xs text-amber-800">
      <span aria-hidden>⚠ </span>
      <span className="font-medium">{t(flagTitles[flag.code] ?? 'sourceFlag.note')}:</span> {flag.message}
    </span>
  );
}

/** "Gemini confidence 87 %", "bbc.com · 10 Jun 2024" (the site as text: the link sits outside any button). */
export function SourceFacts({ info, showSite }: { info: ValidMarker; showSite: boolean }) {
  const t = useTranslate();
  const confidenceLabel = useConfidenceLabel();
  const site = showSite ? info.web?.site : undefined;
  const parts = [site, info.date ? readableDate(info.date, t('common.dateLocale')) : undefined].filter(Boolean);
  return (
    <>
      {parts.length > 0 ? (
        <span data-source-web="" className="block text-xs text-slate-600">
          {parts.join(' · ')}
        </span>
      ) : null}
      {info.confidence ? (
        <span data-confidence="" className="block text-xs text-slate-600">
          {confidenceLabel(info.confidence)}
        </span>
      ) : null}
      {info.generated ? <span className="block text-xs text-slate-500">{t('answer.generatedFile')}</span> : null}
    </>
  );
}

/** The web page as a link that opens in a new tab and tells the site nothing about us. */
export function SourceLink({ info }: { info: ValidMarker }) {
  if (!info.web) return null;
  return (
    <a
      href={info.web.url}
      target="_blank"
      rel="noopener noreferrer"
      data-source-link=""
      className="block truncate text-xs text-indigo-700 underline decoration-indigo-300 hover:decoration-indigo-700"
      title={info.web.url}
    >
      {info.web.site} ↗
    </a>
  );
}
