// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createFindStore } from '../find/find-store.ts';
import { createViewerStore } from '../viewer-store.ts';
import { eventChord, runViewerKey, viewerActions, viewerShortcutList, type ViewerActionContext } from './viewer-actions.ts';

function context(over: Partial<ViewerActionContext> = {}) {
  const viewer = createViewerStore();
  viewer.getState().openDocument('doc', 10);
  return { viewer, find: createFindStore(), scrollsSideways: () => false, stepRegion: vi.fn(), stepCitation: vi.fn(), ...over };
}

const key = (k: string, mods: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isComposing: false,
  target,
  ...mods,
});

describe('viewer actions', () => {
  it('binds every chord once and labels every action', () => {
    const chords = viewerActions.flatMap((a) => a.keys);
    expect(new Set(chords).size).toBe(chords.length);
    for (const a of viewerActions) expect(a.label.length).toBeGreaterThan(3);
  });

  it('leaves the review panel its letters (j, k, v, x, f, n, ?)', () => {
    const chords = new Set(viewerActions.flatMap((a) => a.keys));
    for (const k of ['j', 'k', 'v', 'x', 'f', 'n', '?']) expect(chords.has(k)).toBe(false);
  });

  it('turns pages, zooms, fits and rotates through the viewer store', () => {
    const ctx = context();
    expect(runViewerKey(key('PageDown'), ctx)).toBe(true);
    expect(ctx.viewer.getState().currentPage).toBe(2);
    runViewerKey(key('ArrowLeft'), ctx);
    expect(ctx.viewer.getState().currentPage).toBe(1);
    runViewerKey(key('End'), ctx);
    expect(ctx.viewer.getState().currentPage).toBe(10);
    runViewerKey(key('+', { shiftKey: true }), ctx);
    expect(ctx.viewer.getState().scaleMode).toBeTypeOf('number');
    runViewerKey(key('0'), ctx);
    expect(ctx.viewer.getState().scaleMode).toBe('fit-width');
    runViewerKey(key('r'), ctx);
    expect(ctx.viewer.getState().rotation).toBe(90);
  });

  it('leaves a key to a control inside the viewer that handled it already', () => {
    const ctx = context();
    expect(runViewerKey({ ...key('ArrowRight'), defaultPrevented: true }, ctx)).toBe(false);
    expect(ctx.viewer.getState().currentPage).toBe(1);
  });

  it('leaves ←/→ to sideways scrolling when the pages are wider than the pane', () => {
    const ctx = context({ scrollsSideways: () => true });
    expect(runViewerKey(key('ArrowRight'), ctx)).toBe(false);
    expect(ctx.viewer.getState().currentPage).toBe(1);
  });

  it('steps regions and citations through the host, and passes the key on without one', () => {
    const ctx = context();
    runViewerKey(key(']'), ctx);
    runViewerKey(key(','), ctx);
    expect(ctx.stepRegion).toHaveBeenCalledWith(1);
    expect(ctx.stepCitation).toHaveBeenCalledWith(-1);
    expect(runViewerKey(key('.'), context({ stepCitation: undefined }))).toBe(false);
  });

  it('Ctrl/Cmd+F opens the find bar, Escape closes it only when it is open', () => {
    const ctx = context();
    expect(runViewerKey(key('Escape'), ctx)).toBe(false);
    expect(runViewerKey(key('f', { metaKey: true }), ctx)).toBe(true);
    expect(ctx.find.getState().open).toBe(true);
    expect(runViewerKey(key('Escape'), ctx)).toBe(true);
    expect(ctx.find.getState().open).toBe(false);
  });

  it('never fires a plain key typed into a text field; Ctrl chords still work there', () => {
    const input = document.createElement('input');
    const ctx = context();
    expect(eventChord(key('r', {}, input))).toBeNull();
    expect(runViewerKey(key('PageDown', {}, input), ctx)).toBe(false);
    expect(eventChord(key('f', { ctrlKey: true }, input))).toBe('Ctrl+F');
    expect(eventChord(key('r', { altKey: true }))).toBeNull();
    expect(eventChord(key('r', {}, Object.assign(document.createElement('input'), { type: 'checkbox' })))).toBe('r');
  });

  it('lists every action and the pointer zoom for the ? dialog', () => {
    const list = viewerShortcutList();
    expect(list.map((e) => e.id)).toEqual([...viewerActions.map((a) => a.id), 'wheel-zoom']);
    expect(list.find((e) => e.id === 'find')?.keys).toEqual(['Ctrl/⌘ F']);
  });
});
