import { describe, expect, it } from 'vitest';
import { ignoreCancelledRequests, isCancelledRequest } from './pdfjs-cancelled-requests.ts';

function rejection(reason: unknown) {
  const event = new Event('unhandledrejection', { cancelable: true }) as Event & { reason: unknown };
  event.reason = reason;
  return event;
}

describe('cancelled pdf.js requests', () => {
  it('marks an aborted request handled and lets every other rejection through', () => {
    const target = new EventTarget();
    const remove = ignoreCancelledRequests(target as unknown as Window);
    const aborted = rejection(new DOMException('signal is aborted without reason', 'AbortError'));
    const failed = rejection(new TypeError('Failed to fetch'));
    const other = rejection(new DOMException('quota', 'QuotaExceededError'));
    target.dispatchEvent(aborted);
    target.dispatchEvent(failed);
    target.dispatchEvent(other);
    expect(aborted.defaultPrevented).toBe(true);
    expect(failed.defaultPrevented).toBe(false);
    expect(other.defaultPrevented).toBe(false);
    remove();
    const later = rejection(new DOMException('x', 'AbortError'));
    target.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('recognises the reason AbortController.abort() gives', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isCancelledRequest(controller.signal.reason)).toBe(true);
    expect(isCancelledRequest(new Error('AbortError'))).toBe(false);
    expect(isCancelledRequest(undefined)).toBe(false);
  });
});
