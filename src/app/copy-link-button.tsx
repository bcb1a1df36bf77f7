import { useEffect, useRef, useState } from 'react';
import { useViewStore } from './view-store.ts';
import { viewLink } from './view-link.ts';

// "Copy link": the link of what is on screen (view-link.ts says which form). The clipboard may be refused (a
// cross-origin frame without `allow="clipboard-write"`, an old browser): then the link is shown, selected, to copy
// by hand, never lost.

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; link: string };

export function CopyLinkButton() {
  const view = useViewStore((s) => s.view);
  const display = useViewStore((s) => s.display);
  const embedded = useViewStore((s) => s.embedded);
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const link = viewLink(window.location.href, view, display, embedded ? 'embed' : 'full');

  useEffect(() => {
    if (state.kind !== 'copied') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), 2000);
    return () => clearTimeout(t);
  }, [state]);
  useEffect(() => {
    if (state.kind === 'manual') inputRef.current?.select();
  }, [state]);
  // The link on show is the view's: a new view closes it.
  useEffect(() => setState({ kind: 'idle' }), [link]);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', link });
    }
  };

  return (
    <span className="relative ml-auto inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy()}
        disabled={!link}
        title={link ? 'Copy a link to this view' : 'This answer was handed over by the portal: it has no link'}
        className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent"
      >
        {state.kind === 'copied' ? 'Link copied' : 'Copy link'}
      </button>
      <span role="status" className="sr-only">
        {state.kind === 'copied' ? 'Link copied to the clipboard' : ''}
      </span>
      {state.kind === 'manual' ? (
        <span className="absolute right-0 top-full z-40 mt-1 flex w-96 max-w-[90vw] flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-600 shadow-lg">
          <label htmlFor="citelens-view-link">The clipboard is not available here. Copy this link:</label>
          <span className="flex gap-1">
            <input
              id="citelens-view-link"
              ref={inputRef}
              readOnly
              value={state.link}
              onFocus={(e) => e.currentTarget.select()}
              onKeyDown={(e) => e.key === 'Escape' && setState({ kind: 'idle' })}
              className="min-w-0 flex-1 rounded border border-slate-300 bg-slate-50 px-1.5 py-1 font-mono text-[11px] text-slate-800"
            />
            <button type="button" onClick={() => setState({ kind: 'idle' })} className="rounded px-2 hover:bg-slate-100" aria-label="Close">
              ×
            </button>
          </span>
        </span>
      ) : null}
    </span>
  );
}
