// What a reader does not need before the document's first page is on screen waits for it: a link to an answer
// (`/?answer=A`) holds the review panel's code and the claims' checks until the viewer has painted a page, so that
// page 1 does not share the network, the parser and the main thread with them (issue #37: they were ~50 kB gzip and
// their evaluation before page 1). Page-wide, not per viewer: the entry sets the hold before React renders, the
// viewer lifts it (src/features/viewer), and src/app reads it. No React here: src/app subscribes with
// useSyncExternalStore.
//
// The hold never keeps anything away for long: it is lifted by the first page painted, by the viewer failing or
// having nothing to show (src/app), by the reader's first key or pointer press (a reader who acts wants the whole
// page), and in the end by a timer, so a page that never paints (a hidden tab on a phone, a stuck worker) only
// delays the review, never loses it.

/** At most this long after the hold is set, it is lifted anyway. */
export const FIRST_PAGE_HOLD_MAX_MS = 3000;

type HoldState = 'none' | 'held' | 'lifted';

let state: HoldState = 'none';
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

function onInput() {
  liftFirstPageHold();
}

/** Holds the deferred work until the first page is painted (or `maxMs` passes). Once per page load. */
export function holdForFirstPage(maxMs = FIRST_PAGE_HOLD_MAX_MS): void {
  if (state !== 'none') return;
  state = 'held';
  timer = setTimeout(liftFirstPageHold, maxMs);
  if (typeof window !== 'undefined') for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
}

/** The first page is on screen, or will not be: what waited may start. Idempotent. */
export function liftFirstPageHold(): void {
  if (state === 'lifted') return;
  state = 'lifted';
  clearTimeout(timer);
  if (typeof window !== 'undefined') for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
  for (const listener of [...listeners]) listener();
}

/** True unless a hold is set and not lifted yet (nothing held: nothing waits). */
export function isPastFirstPage(): boolean {
  return state !== 'held';
}

/** Hears the hold lifted (useSyncExternalStore's subscribe). */
export function onFirstPageHoldChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once nothing holds (at once when nothing does). */
export function afterFirstPage(): Promise<void> {
  if (isPastFirstPage()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = onFirstPageHoldChange(() => {
      off();
      resolve();
    });
  });
}

/** Tests only: back to a page load's start. */
export function resetFirstPageHoldForTests(): void {
  clearTimeout(timer);
  if (typeof window !== 'undefined') for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
  state = 'none';
  listeners.clear();
}
