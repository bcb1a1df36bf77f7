// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { actionForKey, isCommandKey, reviewActions, runKey } from './registry.ts';
import type { ActionContext } from './types.ts';

function ctx(over: Partial<ActionContext> = {}): ActionContext {
  return {
    claimIds: ['a', 'b', 'c'],
    selectedId: null,
    select: vi.fn(),
    canDecide: true,
    decide: vi.fn(),
    isFlagged: (id) => id === 'b',
    isUndecided: (id) => id !== 'a',
    citationCount: 2,
    cycleCitation: vi.fn(),
    canUndo: true,
    undo: vi.fn(),
    verifyPassed: vi.fn(),
    focusNote: vi.fn(),
    stepRegion: vi.fn(),
    openShortcuts: vi.fn(),
    ...over,
  };
}

describe('review actions', () => {
  it('binds every key once, and each action has a label for the ? list', () => {
    const keys = reviewActions.flatMap((a) => a.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(['?', 'A', 'C', 'G', 'J', 'K', '[', ']', 'c', 'f', 'g', 'j', 'k', 'n', 'u', 'v', 'x']);
    for (const a of reviewActions) expect(a.label.length).toBeGreaterThan(3);
  });

  it('j and k walk the shown claims, starting at the first (j) or the last (k), and stop at the ends', () => {
    const c = ctx();
    expect(runKey('j', c)).toBe(true);
    expect(c.select).toHaveBeenLastCalledWith('a');
    runKey('k', ctx({ select: c.select }));
    expect(c.select).toHaveBeenLastCalledWith('c');
    runKey('j', ctx({ select: c.select, selectedId: 'b' }));
    expect(c.select).toHaveBeenLastCalledWith('c');
    const atEnd = ctx({ selectedId: 'c' });
    runKey('j', atEnd);
    expect(atEnd.select).not.toHaveBeenCalled();
    expect(runKey('j', ctx({ claimIds: [] }))).toBe(false);
  });

  it('v, x and f decide the selected claim, and do nothing (pass the key on) without one', () => {
    const c = ctx({ selectedId: 'b' });
    runKey('v', c);
    runKey('x', c);
    runKey('f', c);
    expect(vi.mocked(c.decide).mock.calls).toEqual([
      ['b', 'verified'],
      ['b', 'rejected'],
      ['b', 'follow-up'],
    ]);
    const none = ctx();
    expect(runKey('v', none)).toBe(false);
    expect(none.decide).not.toHaveBeenCalled();
  });

  it('n, [, ] and ? reach the note, the viewer regions and the shortcut list', () => {
    const c = ctx({ selectedId: 'a' });
    runKey('n', c);
    runKey('[', c);
    runKey(']', c);
    runKey('?', c);
    expect(c.focusNote).toHaveBeenCalledOnce();
    expect(vi.mocked(c.stepRegion).mock.calls).toEqual([[-1], [1]]);
    expect(c.openShortcuts).toHaveBeenCalledOnce();
    expect(actionForKey('q')).toBeUndefined();
  });

  it('ignores keys typed into text fields and keys with Ctrl, Alt or Meta', () => {
    const textarea = document.createElement('textarea');
    const input = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const button = document.createElement('button');
    const key = (target: EventTarget | null, mods: Partial<KeyboardEvent> = {}) =>
      isCommandKey({ key: 'j', ctrlKey: false, altKey: false, metaKey: false, isComposing: false, target, ...mods });
    expect(key(textarea)).toBe(false);
    expect(key(input)).toBe(false);
    expect(key(checkbox)).toBe(true);
    expect(key(button)).toBe(true);
    expect(key(document.body)).toBe(true);
    expect(key(document.body, { ctrlKey: true })).toBe(false);
    expect(key(document.body, { metaKey: true })).toBe(false);
  });

  it('J and K go to the next and previous undecided claim, round the list; g and G to the flagged ones', () => {
    // a is decided; b is flagged
    const c = ctx({ selectedId: 'c' });
    runKey('J', c);
    expect(c.select).toHaveBeenLastCalledWith('b');
    runKey('K', ctx({ select: c.select, selectedId: 'b' }));
    expect(c.select).toHaveBeenLastCalledWith('c');
    runKey('g', ctx({ select: c.select, selectedId: 'c' }));
    expect(c.select).toHaveBeenLastCalledWith('b');
    const onlyOne = ctx({ selectedId: 'b' });
    runKey('g', onlyOne);
    expect(onlyOne.select).not.toHaveBeenCalled();
    const none = ctx({ isUndecided: () => false });
    runKey('J', none);
    expect(none.select).not.toHaveBeenCalled();
  });

  it("c and C cycle the selected claim's citations; u undoes; A asks to verify what passed; none decide when saving is off", () => {
    const c = ctx({ selectedId: 'a' });
    runKey('c', c);
    runKey('C', c);
    expect(vi.mocked(c.cycleCitation).mock.calls).toEqual([[1], [-1]]);
    expect(runKey('c', ctx({ selectedId: null }))).toBe(false);
    expect(runKey('c', ctx({ selectedId: 'a', citationCount: 0 }))).toBe(false);
    runKey('u', c);
    expect(c.undo).toHaveBeenCalledOnce();
    expect(runKey('u', ctx({ canUndo: false }))).toBe(false);
    runKey('A', c);
    expect(c.verifyPassed).toHaveBeenCalledOnce();
    const blocked = ctx({ selectedId: 'a', canDecide: false });
    for (const key of ['v', 'x', 'f', 'u', 'A']) expect(runKey(key, blocked), key).toBe(false);
    expect(blocked.decide).not.toHaveBeenCalled();
    expect(runKey('j', blocked)).toBe(true);
  });
});
