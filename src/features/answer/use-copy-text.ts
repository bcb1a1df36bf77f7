import { useEffect, useRef, useState } from 'react';

// Copy to the clipboard with clear feedback: "copied" for two seconds, or, where the clipboard is refused (a
// cross-origin frame without `allow="clipboard-write"`, an insecure origin), "manual": the caller shows the text
// in `fieldRef`'s field, selected here, to copy by hand, so it is never lost. A new text starts idle again.
// Used by the reference list's Copy quote / Copy citation and by the app's Copy link.

export type CopyState = 'idle' | 'copied' | 'manual';

export function useCopyText<F extends HTMLInputElement | HTMLTextAreaElement>(text: string | null) {
  // Kept with the text it was for: a new text reads 'idle' without an extra render.
  const [copied, setCopied] = useState<{ text: string | null; state: CopyState }>({ text, state: 'idle' });
  const state: CopyState = copied.text === text ? copied.state : 'idle';
  const setState = (next: CopyState) => setCopied({ text, state: next });
  const fieldRef = useRef<F>(null);

  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setCopied((c) => ({ ...c, state: 'idle' })), 2000);
    return () => clearTimeout(t);
  }, [state]);
  useEffect(() => {
    if (state === 'manual') fieldRef.current?.select();
  }, [state]);

  const copy = async () => {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('manual');
    }
  };
  const close = () => setState('idle');

  return { state, copy, close, fieldRef };
}
