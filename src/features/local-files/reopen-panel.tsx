import { useTranslate } from '../../i18n/use-translate.ts';
import { FilePickButton } from './file-pick-button.tsx';

// A link or reload to a local answer: its files were never stored, so they must be opened again. Not an error.

export function ReopenPanel({ onFiles }: { onFiles(files: File[]): void }) {
  const t = useTranslate();
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 overflow-auto px-6 py-8">
      <div role="status" data-local-reopen="" className="rounded-lg border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950">
        <p className="font-semibold">{t('local.reopenTitle')}</p>
        <p className="mt-1">{t('local.reopenBody')}</p>
        <p className="mt-3 flex items-center gap-3">
          <FilePickButton onFiles={onFiles} inputLabel={t('local.openLabel')}>
            {t('local.open')}
          </FilePickButton>
          <a href="./" className="font-medium text-amber-900 underline">
            {t('error.backToAll')}
          </a>
        </p>
      </div>
    </main>
  );
}
