import type { ReactNode } from 'react';

/**
 * What shows while a lazily loaded part of the app (its code chunk) arrives: the same quiet status line as a loading
 * answer, so a fast network shows no flash of a different layout.
 */
export function PaneLoading({ label }: { label: string }) {
  return (
    <p role="status" className="p-6 text-sm text-slate-500">
      {label}
    </p>
  );
}

/** The viewer pane when there is no document to show (or while the viewer's code loads). */
export function EmptyViewer({ children }: { children: ReactNode }) {
  return <div className="grid h-full place-items-center bg-slate-100 text-sm text-slate-500">{children}</div>;
}
