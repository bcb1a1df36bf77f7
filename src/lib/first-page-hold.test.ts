// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPage, holdForFirstPage, isPastFirstPage, liftFirstPageHold, onFirstPageHoldChange, resetFirstPageHoldForTests } from './first-page-hold.ts';

afterEach(() => {
  resetFirstPageHoldForTests();
  vi.useRealTimers();
});

describe('the first-page hold', () => {
  it('holds nothing when no link set it: the home page and in-app navigation load everything at once', async () => {
    expect(isPastFirstPage()).toBe(true);
    await expect(afterFirstPage()).resolves.toBeUndefined();
  });

  it('keeps the review waiting until the first page is painted, then tells every listener once', async () => {
    holdForFirstPage();
    expect(isPastFirstPage()).toBe(false);
    const heard = vi.fn();
    onFirstPageHoldChange(heard);
    let resolved = false;
    void afterFirstPage().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    liftFirstPageHold();
    liftFirstPageHold();
    await Promise.resolve();
    expect(isPastFirstPage()).toBe(true);
    expect(resolved).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('is lifted by the timer when no page ever paints (a hidden tab, a stuck worker)', () => {
    vi.useFakeTimers();
    holdForFirstPage(500);
    vi.advanceTimersByTime(499);
    expect(isPastFirstPage()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isPastFirstPage()).toBe(true);
  });

  it("is lifted by the reader's first key or pointer press", () => {
    holdForFirstPage();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    expect(isPastFirstPage()).toBe(true);
  });

  it('is set once per page load: a second hold after the lift holds nothing', () => {
    holdForFirstPage();
    liftFirstPageHold();
    holdForFirstPage();
    expect(isPastFirstPage()).toBe(true);
  });
});
