import type { DocumentRef } from '../../core/model/types.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { FilePickButton } from './file-pick-button.tsx';
import { lookedFor } from '../../core/documents/match-document-file.ts';
import { missingFileLabel } from './local-answer.ts';

// The viewer pane for a document of a local answer whose file was not given: named, with a way to add it.

export function MissingDocument({ doc, onAddFiles }: { doc: DocumentRef; onAddFiles(files: File[]): void }) {
  const label = missingFileLabel(doc);
  const t = useTranslate();
  return (
    <div role="status" data-missing-document={doc.id} className="grid h-full place-items-center bg-slate-100 p-6">
      <div className="max-w-md rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
        <p className="font-semibold text-slate-900">{t('local.isMissing', { label })}</p>
        <p className="mt-1">
          {t('local.noFileMatches', {
            title: doc.title,
            looked: lookedFor(doc)
              .map((name) => `“${name}”`)
              .join(t('local.thenSeparator')),
          })}
        </p>
        <p className="mt-3">
          <FilePickButton onFiles={onAddFiles} inputLabel={t('local.fileFor', { title: doc.title })}>
            {t('local.addFile')}
          </FilePickButton>
        </p>
      </div>
    </div>
  );
}
