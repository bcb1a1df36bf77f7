import { describe, expect, it } from 'vitest';
import { createFindStore, type FindMatch } from './find-store.ts';

const match = (page: number): FindMatch => ({ page, frame: { view: [0, 0, 612, 792], rotate: 0 }, rects: [] });

describe('find store', () => {
  it('makes the first match at or after the reader’s page current, as pages arrive in order', () => {
    const s = createFindStore();
    s.getState().beginSearch(5, 'doc');
    s.getState().addMatches([match(1)], 1, 3);
    expect(s.getState().current).toBe(-1);
    s.getState().addMatches([match(3), match(3)], 3, 3);
    expect(s.getState().current).toBe(1);
    expect(s.getState().status).toEqual({ kind: 'searching', pagesDone: 3, pageCount: 5 });
    s.getState().finishSearch();
    expect(s.getState().status).toEqual({ kind: 'done', pageCount: 5 });
  });

  it('wraps to the first match when none lies after the reader’s page, and steps around both ends', () => {
    const s = createFindStore();
    s.getState().beginSearch(3, 'doc');
    s.getState().addMatches([match(1), match(2)], 3, 3);
    s.getState().finishSearch();
    expect(s.getState().current).toBe(0);
    const seq = s.getState().revealSeq;
    s.getState().step(-1);
    expect(s.getState().current).toBe(1);
    s.getState().step(1);
    expect(s.getState().current).toBe(0);
    expect(s.getState().revealSeq).toBe(seq + 2);
  });

  it('forgets the matches when the bar closes', () => {
    const s = createFindStore();
    s.getState().openBar();
    s.getState().beginSearch(1, 'doc');
    s.getState().addMatches([match(1)], 1, 1);
    s.getState().close();
    expect(s.getState()).toMatchObject({ open: false, matches: [], current: -1, status: { kind: 'idle' } });
  });

  it('remembers which document its matches are from, so their page sizes go to that document only', () => {
    const s = createFindStore();
    s.getState().beginSearch(2, 'A');
    s.getState().addMatches([match(1)], 1, 1);
    expect(s.getState().documentKey).toBe('A');
    s.getState().reset(); // another document: its matches and their document are gone
    expect(s.getState()).toMatchObject({ matches: [], documentKey: null });
  });
});
