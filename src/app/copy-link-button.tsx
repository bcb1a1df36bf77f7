import { useCopyText } from '../features/answer/use-copy-text.ts';
import { useViewStore } from './view-store.ts';
import { viewLink } from './view-link.ts';

// "Copy link": the link of what is on screen (view-link.ts says which form). The clipboard may be refused (a
// cross-origin frame without `allow="clipboard-write"`, an old browser): then the link is shown, selected, to copy
// by hand, never lost.

export function CopyLinkButton() {
  const view = useViewStore((s) => s.view);
  const display = useViewStore((s) => s.display);
  const embedded = useViewStore((s) => s.embedded);
  const link = viewLink(window.location.href, view, display, embedded ? 'embed' : 'full');
  // The link on show is the view's: a new view closes it (the hook starts idle on a new text).
  const { state, copy, close, fieldRef } = useCopyText<HTMLInputElement>(link);

  return (
    <span className="relative ml-auto inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy()}
        disabled={!link}
        title={link ? 'Copy a link to this view' : 'This answer was handed over by the portal: it has no link'}
        className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent"
      >
        {state === 'copied' ? 'Link copied' : 'Copy link'}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Link copied to the clipboard' : ''}
      </span>
      {state === 'manual' && link ? (
        <span className="absolute right-0 top-full z-40 mt-1 flex w-96 max-w-[90vw] flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-600 shadow-lg">
          <label htmlFor="citelens-view-link">The clipboard is not available here. Copy this link:</label>
          <span className="flex gap-1">
            <input
              id="citelens-view-link"
              ref={fieldRef}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              onKeyDown={(e) => e.key === 'Escape' && close()}
              className="min-w-0 flex-1 rounded border border-slate-300 bg-slate-50 px-1.5 py-1 font-mono text-[11px] text-slate-800"
            />
            <button type="button" onClick={() => close()} className="rounded px-2 hover:bg-slate-100" aria-label="Close">
              ×
            </button>
          </span>
        </span>
      ) : null}
    </span>
  );
}
