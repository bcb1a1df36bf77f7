import { create } from 'zustand';

// The page's one polite live region for citations: opening a citation or stepping its highlight says where the reader
// landed ("Citation 2 — Report.pdf, page 4, region 1 of 3"). It lives outside the panes, so it is in the page before
// anything is said (a live region mounted with its text is often not read) and never inside a hidden, inert pane.

interface AnnouncerStore {
  text: string;
  /** Bumped on every announcement, so the same words said twice (the same marker clicked again) are read again. */
  seq: number;
  announce(text: string): void;
}

export const useAnnouncer = create<AnnouncerStore>()((set) => ({
  text: '',
  seq: 0,
  announce: (text) => set((s) => ({ text, seq: s.seq + 1 })),
}));

export function LiveAnnouncer() {
  const text = useAnnouncer((s) => s.text);
  const seq = useAnnouncer((s) => s.seq);
  // A changed text node is what screen readers announce; an alternating no-break space makes a repeat a change.
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-citation-announcer="" className="sr-only">
      {text ? `${text}${seq % 2 ? '\u00a0' : ''}` : ''}
    </div>
  );
}
