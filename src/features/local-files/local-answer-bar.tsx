import type { DocumentRef } from '../../core/model/types.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { lookedFor } from '../../core/documents/match-document-file.ts';
import { missingFileLabel, type LocalAnswer } from './local-answer.ts';

// Above a local answer: where it came from, which documents still lack a file, which given files matched nothing.

interface LocalAnswerBarProps {
  local: LocalAnswer;
  missing: readonly DocumentRef[];
  onAddFiles(files: File[]): void;
  onClose(): void;
}

export function LocalAnswerBar({ local, missing, onAddFiles, onClose }: LocalAnswerBarProps) {
  const t = useTranslate();
  return (
    <section aria-label={t('local.barLabel')} data-local-answer-bar="" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-950">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p>
          {t('local.openedFrom')} <span className="font-mono font-medium">{local.answerFile}</span>
          {local.files.size > 0 ? t('local.withFiles', { names: [...new Set([...local.files.values()].map((f) => f.name))].join(', ') }) : null}
          {t('local.staysHere')}
        </p>
        <span className="ms-auto flex items-center gap-2">
          <FilePickButton onFiles={onAddFiles} inputLabel={t('local.addDocuments')} className={smallButton}>
            {t('local.addFiles')}
          </FilePickButton>
          <button type="button" onClick={onClose} className={smallButton}>
            {t('local.closeAnswer')}
          </button>
        </span>
      </div>
      {missing.length > 0 ? (
        <p data-local-missing="">
          {t('local.missing', {
            list: missing.map((d) => missingFileLabel(d)).join(', '),
            looked: missing
              .map((d) =>
                lookedFor(d)
                  .map((name) => `“${name}”`)
                  .join(', '),
              )
              .join('; '),
          })}
        </p>
      ) : null}
      {local.unmatched.length > 0 ? (
        <p data-local-unmatched="">{t('local.unused', { list: local.unmatched.join(', '), count: local.unmatched.length })}</p>
      ) : null}
    </section>
  );
}

const smallButton =
  'rounded border border-amber-300 bg-white px-2 py-0.5 font-medium text-amber-900 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500';
