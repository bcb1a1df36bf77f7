import { create } from 'zustand';
import type { LocalAnswer } from './local-answer.ts';

// The local answer that is open (one at a time: its files are in memory only) and the last thing to tell the
// reviewer about local files (a file that could not be read, files dropped without an answer).

export type LocalNotice = { kind: 'error'; title: string; message: string } | { kind: 'note'; message: string };

interface LocalFilesState {
  current: LocalAnswer | null;
  notice: LocalNotice | null;
  /**
   * Makes `next` the open local answer. Another answer's blob: URLs are revoked; the same answer with more files
   * keeps its URLs (they are still shown).
   */
  setCurrent(next: LocalAnswer | null): void;
  notify(notice: LocalNotice | null): void;
}

export const useLocalFilesStore = create<LocalFilesState>()((set, get) => ({
  current: null,
  notice: null,
  setCurrent: (next) => {
    const previous = get().current;
    if (previous && previous !== next) {
      const kept = new Set(next ? [...next.files.values()].map((f) => f.url) : []);
      for (const url of new Set([...previous.files.values()].map((f) => f.url))) if (!kept.has(url)) URL.revokeObjectURL(url);
    }
    set({ current: next });
  },
  notify: (notice) => set({ notice }),
}));
