import { useEffect, useId, useRef, useState } from 'react';

// A small "Copy …" button with clear feedback ("Copied" for two seconds). The clipboard may be refused (a
// cross-origin frame without `allow="clipboard-write"`, an insecure origin): then the text is shown, selected, to
// copy by hand, never lost (as app/copy-link-button.tsx does for links).

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual' };

export function CopyTextButton({ label, text }: { label: string; text: string }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    if (state.kind !== 'copied') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), 2000);
    return () => clearTimeout(t);
  }, [state]);
  useEffect(() => {
    if (state.kind === 'manual') fieldRef.current?.select();
  }, [state]);
  useEffect(() => setState({ kind: 'idle' }), [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual' });
    }
  };

  return (
    <span className="relative inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy()}
        data-copied={state.kind === 'copied' || undefined}
        className={`rounded px-1.5 py-0.5 text-[11px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
          state.kind === 'copied' ? 'bg-emerald-50 text-emerald-700' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800'
        }`}
      >
        {state.kind === 'copied' ? 'Copied ✓' : label}
      </button>
      <span role="status" className="sr-only">
        {state.kind === 'copied' ? `${label}: copied to the clipboard` : ''}
      </span>
      {state.kind === 'manual' ? (
        <span className="absolute left-0 top-full z-40 mt-1 flex w-80 max-w-[80vw] flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-600 shadow-lg">
          <label htmlFor={id}>The clipboard is not available here. Copy this text:</label>
          <textarea
            id={id}
            ref={fieldRef}
            readOnly
            rows={3}
            value={text}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => e.key === 'Escape' && setState({ kind: 'idle' })}
            className="min-w-0 resize-none rounded border border-slate-300 bg-slate-50 px-1.5 py-1 text-[11px] text-slate-800"
          />
          <button type="button" onClick={() => setState({ kind: 'idle' })} className="self-end rounded px-2 hover:bg-slate-100">
            Close
          </button>
        </span>
      ) : null}
    </span>
  );
}
