import { useTranslate } from '../../i18n/use-translate.ts';

// How an adapted answer was read: the format ("Read as Cohere v2 chat") and what the adapter could not place on a
// source (a citation it dropped, a document it guessed), so no citation disappears without the reviewer knowing.
// Notes about one source are flags on that source's reference instead.

export interface AnswerReading {
  /** The response shape the adapter read, e.g. "Cohere v2 chat". */
  shape: string;
  warnings: readonly string[];
}

export function AdapterNotes({ reading }: { reading: AnswerReading }) {
  const n = reading.warnings.length;
  const t = useTranslate();
  return (
    <div data-adapter-notes="" className="mb-3 text-xs text-slate-500">
      <p data-read-as="">{t('adapter.readAs', { shape: reading.shape })}</p>
      {n > 0 ? (
        <details className="mt-1 rounded-md border border-amber-200 bg-amber-50 text-amber-900">
          <summary className="cursor-pointer select-none px-2 py-1 font-medium">
            <span aria-hidden>⚠ </span>
            {t('adapter.notes', { count: n, shape: reading.shape })}
          </summary>
          <ul className="list-disc space-y-1 border-t border-amber-200 py-1.5 ps-6 pe-2 leading-snug">
            {reading.warnings.map((w, i) => (
              <li key={i} className="break-words">
                {w}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
