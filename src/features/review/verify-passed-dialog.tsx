import { useTranslate } from '../../i18n/use-translate.ts';
import { ModalDialog } from './modal-dialog.tsx';

// "Verify passed": before deciding many claims at once, say how many and why those, and let the reviewer say no.
// Nothing is decided until the button is pressed; Escape or Cancel decides nothing.

export function VerifyPassedDialog({ count, onConfirm, onClose }: { count: number; onConfirm(): void; onClose(): void }) {
  const t = useTranslate();
  return (
    <ModalDialog title={t('review.verifyPassedTitle')} onClose={onClose}>
      <p data-verify-passed-count={count} className="text-sm text-slate-700">
        {count > 0 ? t('review.verifyPassedBody', { count }) : t('review.verifyPassedNone')}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {t('review.cancel')}
        </button>
        {count > 0 ? (
          <button
            type="button"
            // The confirming button has the focus: Enter confirms, as the title asks.
            autoFocus
            onClick={onConfirm}
            className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            {t('review.verifyPassedConfirm', { count })}
          </button>
        ) : null}
      </div>
    </ModalDialog>
  );
}
