// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.ts';

// Work the reader does not see in this frame runs after it is painted: after the next animation frame, in a task
// of its own (never inside the frame's callbacks, which still come before the paint), or on a timer in a hidden page.

/** The page's animation frames, run by hand: `frame()` is the browser's next one. */
let frameCallbacks: FrameRequestCallback[] = [];
function frame() {
  const now = frameCallbacks;
  frameCallbacks = [];
  for (const callback of now) callback(performance.now());
}

beforeEach(() => {
  frameCallbacks = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frameCallbacks.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frameCallbacks[id - 1] = () => {};
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs once, in a task after the next animation frame, not inside it', () => {
    const order: string[] = [];
    afterPaint(() => order.push('work'));
    requestAnimationFrame(() => order.push('frame'));
    frame();
    expect(order).toEqual(['frame']);
    vi.advanceTimersByTime(0);
    expect(order).toEqual(['frame', 'work']);
    frame();
    vi.advanceTimersByTime(1000);
    expect(order).toEqual(['frame', 'work']);
  });

  it('a hidden page (no frames) runs it on a timer, once', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    frame();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancelled, it never runs', () => {
    const run = vi.fn();
    const cancel = afterPaint(run);
    cancel();
    frame();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
