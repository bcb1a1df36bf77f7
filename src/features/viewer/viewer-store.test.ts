import { describe, expect, it } from 'vitest';
import type { PageFrame } from '../../core/coords/transform.ts';
import { createViewerStore, selectPagesPainted, selectScale } from './viewer-store.ts';
import { selectSidebarShown } from './sidebar/sidebar-slice.ts';

const letter: PageFrame = { view: [0, 0, 612, 792], rotate: 0 };
const a4: PageFrame = { view: [0, 0, 595, 842], rotate: 0 };
const landscape: PageFrame = { view: [0, 0, 842, 595], rotate: 0 };

describe('viewer store: pages painted (what the thumbnails wait for)', () => {
  it('holds for the document that painted, not for the next one until it paints too', () => {
    const store = createViewerStore();
    store.getState().openDocument('A', 10);
    expect(selectPagesPainted(store.getState())).toBe(false);
    store.getState().setPainted('A');
    expect(selectPagesPainted(store.getState())).toBe(true);
    store.getState().beginLoading('B');
    store.getState().openDocument('B', 5);
    expect(selectPagesPainted(store.getState())).toBe(false);
    // A's pane, unmounting late, says it painted: B has not.
    store.getState().setPainted('A');
    expect(selectPagesPainted(store.getState())).toBe(false);
    store.getState().setPainted('B');
    expect(selectPagesPainted(store.getState())).toBe(true);
    // Back to A: it has not painted in this opening yet.
    store.getState().beginLoading('A');
    store.getState().openDocument('A', 10);
    expect(selectPagesPainted(store.getState())).toBe(false);
  });
});

describe('viewer store frames', () => {
  it('drops a page size fetched for another document (a quick A → B → A switch)', () => {
    const store = createViewerStore();
    store.getState().openDocument('A', 10);
    store.getState().setFrame(1, letter, 'A');
    store.getState().beginLoading('B');
    store.getState().openDocument('B', 5);
    // A's fetch lands after the switch: B must not get A's size.
    store.getState().setFrame(1, letter, 'A');
    store.getState().setFrames('A', [[2, letter]]);
    expect(store.getState().frames.size).toBe(0);
    store.getState().setFrame(1, landscape, 'B');
    store.getState().beginLoading('A');
    store.getState().openDocument('A', 10);
    // B's late answer is not A's either.
    store.getState().setFrame(1, landscape, 'B');
    expect(store.getState().frames.get(1)).toBeUndefined();
    store.getState().setFrame(1, a4, 'A');
    expect(store.getState().frames.get(1)).toEqual(a4);
    expect(store.getState().documentKey).toBe('A');
  });

  it('learns many sizes in one update, sharing page 1 frame object where the size is the same', () => {
    const store = createViewerStore();
    store.getState().openDocument('A', 100);
    store.getState().setFrame(1, letter, 'A');
    let updates = 0;
    const unsubscribe = store.subscribe(() => updates++);
    const batch = Array.from({ length: 40 }, (_, i) => [i + 2, { view: [0, 0, 612, 792], rotate: 0 }] as const);
    store.getState().setFrames('A', [...batch, [50, landscape], [500, landscape]]);
    unsubscribe();
    const { frames } = store.getState();
    expect(updates).toBe(1);
    expect(frames.size).toBe(42); // page 500 does not exist
    expect(frames.get(2)).toBe(frames.get(1));
    expect(frames.get(50)).toEqual(landscape);
    // Known sizes again: no new map, no re-render.
    const before = store.getState().frames;
    store.getState().setFrames('A', batch);
    expect(store.getState().frames).toBe(before);
  });

  it('keeps zoom mode and rotation across documents, and forgets the old pages', () => {
    const store = createViewerStore();
    store.getState().openDocument('A', 10);
    store.getState().setFrame(1, letter, 'A');
    store.getState().setScaleMode(2);
    store.getState().rotateClockwise();
    store.getState().goToPage(7);
    store.getState().beginLoading('B');
    store.getState().openDocument('B', 3);
    const s = store.getState();
    expect(selectScale(s)).toBe(2);
    expect(s.rotation).toBe(90);
    expect(s.currentPage).toBe(1);
    expect(s.frames.size).toBe(0);
  });
});

describe('viewer store: where a viewer starts', () => {
  it('fits the width and follows the pane for the sidebar by default', () => {
    const store = createViewerStore();
    expect(store.getState().scaleMode).toBe('fit-width');
    expect(selectSidebarShown(store.getState())).toBe(false);
    store.getState().setSidebarAuto(true);
    expect(selectSidebarShown(store.getState())).toBe(true);
  });
});

describe('viewer store: a document starts loading', () => {
  it('leaves a blank store as it is (nothing that reads it draws again), and forgets another document', () => {
    const store = createViewerStore();
    const blank = store.getState();
    store.getState().beginLoading('A');
    expect(store.getState()).toBe(blank);
    store.getState().setLoadProgress({ loaded: 5, total: 10 });
    store.getState().openDocument('A', 10);
    store.getState().setFrame(1, letter, 'A');
    store.getState().setCurrentPage(4);
    store.getState().beginLoading('B');
    const s = store.getState();
    expect({ documentKey: s.documentKey, pageCount: s.pageCount, frames: s.frames.size, currentPage: s.currentPage, loadProgress: s.loadProgress }).toEqual({
      documentKey: null,
      pageCount: 0,
      frames: 0,
      currentPage: 1,
      loadProgress: null,
    });
  });
});

describe('viewer store: fit width fits the widest page on screen (issue #38)', () => {
  it('a landscape page among portrait ones is fitted while it is on screen, and page 1 again once it is not', () => {
    const store = createViewerStore();
    store.getState().openDocument('A', 10);
    store.getState().setViewport(640, 800);
    store.getState().setFrame(1, letter, 'A');
    store.getState().setFrame(7, letter, 'A');
    store.getState().setFrame(8, landscape, 'A');
    const letterFit = selectScale(store.getState());
    store.getState().setFitPages([7, 8]);
    const landscapeFit = selectScale(store.getState());
    // the wider page sets the scale: its whole width fits the pane, so the narrower one does too
    expect(landscapeFit).toBeLessThan(letterFit);
    expect(landscapeFit * 842).toBeCloseTo(letterFit * 612, 5);
    store.getState().setFitPages([7]);
    expect(selectScale(store.getState())).toBe(letterFit);
    // a page whose size is not known yet does not count; a fixed zoom ignores all of it
    store.getState().setFitPages([9]);
    expect(selectScale(store.getState())).toBe(letterFit);
    store.getState().setFitPages([8]);
    store.getState().setScaleMode(1.5);
    expect(selectScale(store.getState())).toBe(1.5);
  });
});
