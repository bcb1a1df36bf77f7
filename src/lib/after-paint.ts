// Runs work the reader does not see in the current frame after that frame is painted: the next animation frame, then
// a task (a callback in requestAnimationFrame itself would still run before the paint). A hidden page gets no frames,
// so a timer runs it too, whichever comes first; each callback runs once.
// Used for a click's bookkeeping (the history entry, the document title) so the click's own frame shows the
// highlight sooner; those who need the result sooner flush it themselves.

/** How long a hidden page (no animation frames) waits at most. */
const HIDDEN_FALLBACK_MS = 100;

/** Schedules `run` after the next paint; returns a cancel function. */
export function afterPaint(run: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(once, 0))) : 0;
  const fallback = setTimeout(once, HIDDEN_FALLBACK_MS);
  function cancel() {
    if (frame) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    clearTimeout(fallback);
  }
  return () => {
    done = true;
    cancel();
  };
}
