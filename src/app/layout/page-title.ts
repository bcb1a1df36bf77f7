import { useEffect } from 'react';
import { create } from 'zustand';
import { useTranslate } from '../../i18n/use-translate.ts';
import { afterPaint } from '../../lib/after-paint.ts';
import { pageTitle, type TitleView } from './a11y-text.ts';

// Where the reader is, for those who cannot see it: the document title names the view (a screen reader reads it on
// every change, and it is what the history list and a tab show), and an answer opened from the home page takes the
// focus to its heading (answer-page-title.tsx), so reading starts at the answer, not on a link that is gone.
// Light on purpose: the home page's first paint imports it.

/** Sets the document title; `null` leaves it to another component (a loaded answer's AnswerPageTitle). */
export function usePageTitle(view: TitleView | null): void {
  const t = useTranslate();
  const title = view ? pageTitle(view, t) : null;
  // Written after the frame is painted: setting it costs Chromium ~2 ms (measured in a click's profile), and a click
  // on a marker runs this effect inside its own task, before the frame that shows the highlight. A newer title
  // cancels the pending one.
  useEffect(() => {
    if (title === null) return;
    return afterPaint(() => {
      document.title = title;
    });
  }, [title]);
}

interface FocusRequest {
  /** The next answer view that finishes loading moves the focus to its heading. */
  pending: boolean;
  request(): void;
  /** True once per request. */
  take(): boolean;
}

export const useFocusRequest = create<FocusRequest>()((set, get) => ({
  pending: false,
  request: () => set({ pending: true }),
  take: () => {
    if (!get().pending) return false;
    set({ pending: false });
    return true;
  },
}));
