import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslate } from '../../i18n/use-translate.ts';

// Files dragged anywhere over the window: a full-window target while they are over it, and the files on drop. Only
// drags that carry files are taken (text or links dragged inside the page keep their own behaviour), and a drop is
// always prevented from making the browser navigate to the file.

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

export function DropOverlay({ onFiles }: { onFiles(files: File[]): void }) {
  const [over, setOver] = useState(false);
  const t = useTranslate();
  const depth = useRef(0);
  const deliver = useEffectEvent((files: File[]) => onFiles(files));

  useEffect(() => {
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setOver(true);
    };
    const overWindow = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e) && (e.dataTransfer?.files.length ?? 0) === 0) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length > 0) deliver(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overWindow);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overWindow);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  if (!over) return null;
  return (
    <div data-drop-overlay="" className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-indigo-900/40 p-8">
      <div className="rounded-xl border-2 border-dashed border-white bg-indigo-700/90 px-10 py-8 text-center text-white shadow-xl">
        <p className="text-lg font-semibold">{t('local.dropTitle')}</p>
        <p className="mt-1 text-sm text-indigo-100">{t('local.dropHint')}</p>
      </div>
    </div>
  );
}
