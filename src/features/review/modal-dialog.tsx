import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { useTranslate } from '../../i18n/use-translate.ts';

// A native <dialog> opened with showModal(): the browser traps focus, makes the rest inert and closes on Escape,
// which no hand-written overlay does as well.

interface ModalDialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider for side-by-side content. */
  wide?: boolean;
}

export function ModalDialog({ title, onClose, children, wide }: ModalDialogProps) {
  const t = useTranslate();
  const ref = useRef<HTMLDialogElement>(null);
  const closed = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const close = () => closed();
    dialog.addEventListener('close', close);
    return () => {
      dialog.removeEventListener('close', close);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/30 ${
        wide ? 'max-w-2xl' : 'max-w-md'
      }`}
    >
      <div className="p-5">
        <div className="mb-3 flex items-center justify-between gap-4">
          <h2 className="text-base font-semibold">{title}</h2>
          <button
            type="button"
            aria-label={t('common.close')}
            onClick={() => ref.current?.close()}
            className="grid size-7 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            ✕
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
