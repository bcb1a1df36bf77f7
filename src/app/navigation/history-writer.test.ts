import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHistoryWriter } from './history-writer.ts';

// A browser history in miniature: entries, the current one, and what pushState/replaceState do to them.
function fakeHistory(start = '/?answer=a') {
  const entries = [start];
  let index = 0;
  const location = { pathname: '', search: '', hash: '' };
  const show = () => {
    location.pathname = entries[index]!;
  };
  show();
  return {
    location,
    history: {
      pushState: (_data: unknown, _unused: string, url?: string | URL | null) => {
        entries.splice(index + 1, entries.length, String(url));
        index++;
        show();
      },
      replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => {
        entries[index] = String(url);
        show();
      },
    },
    state: () => ({ entries: [...entries], index }),
  };
}

/** A schedule the test runs by hand: `run()` is the frame being painted. */
function manualSchedule() {
  let queued: (() => void) | null = null;
  return {
    schedule: (run: () => void) => {
      queued = run;
      return () => {
        queued = null;
      };
    },
    paint: () => queued?.(),
  };
}

/** What the page did before: every write at once, nothing skipped but an address equal to the current one. */
function writeAtOnce(host: ReturnType<typeof fakeHistory>, url: string, mode: 'push' | 'replace') {
  if (url === host.location.pathname) return;
  if (mode === 'push') host.history.pushState(null, '', url);
  else host.history.replaceState(null, '', url);
}

describe('history writer', () => {
  it('a click’s new entry waits for the paint, and is there after it', () => {
    const host = fakeHistory();
    const frame = manualSchedule();
    const writer = createHistoryWriter(host, frame.schedule);
    writer.write('/?answer=a&cite=1', 'push');
    expect(host.state()).toEqual({ entries: ['/?answer=a'], index: 0 });
    expect(writer.current()).toBe('/?answer=a&cite=1');
    frame.paint();
    expect(host.state()).toEqual({ entries: ['/?answer=a', '/?answer=a&cite=1'], index: 1 });
  });

  it('the page the viewer reports after the click goes into the pending entry: one entry, the newest address', () => {
    const host = fakeHistory();
    const frame = manualSchedule();
    const writer = createHistoryWriter(host, frame.schedule);
    writer.write('/?answer=a&cite=1', 'push');
    writer.write('/?answer=a&cite=1&page=7', 'replace');
    frame.paint();
    expect(host.state()).toEqual({ entries: ['/?answer=a', '/?answer=a&cite=1&page=7'], index: 1 });
  });

  it('two clicks before a paint are two entries, in order; flush writes a pending one at once', () => {
    const host = fakeHistory();
    const frame = manualSchedule();
    const writer = createHistoryWriter(host, frame.schedule);
    writer.write('/?answer=a&cite=1', 'push');
    writer.write('/?answer=a&cite=2', 'push');
    expect(host.state().entries).toEqual(['/?answer=a', '/?answer=a&cite=1']);
    writer.flush();
    expect(host.state()).toEqual({ entries: ['/?answer=a', '/?answer=a&cite=1', '/?answer=a&cite=2'], index: 2 });
    // The paint after a flush has nothing left to write.
    frame.paint();
    expect(host.state().entries).toHaveLength(3);
  });

  it('any writes, painted or flushed at any point, leave the history as writing each at once did', () => {
    const url = fc.constantFrom('/?answer=a', '/?answer=a&cite=1', '/?answer=a&cite=2', '/?answer=a&cite=2&page=3', '/?answer=b');
    const step = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), url, mode: fc.constantFrom('push' as const, 'replace' as const) }),
      fc.record({ kind: fc.constantFrom('paint' as const, 'flush' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const deferred = fakeHistory();
        const atOnce = fakeHistory();
        const frame = manualSchedule();
        const writer = createHistoryWriter(deferred, frame.schedule);
        for (const s of steps) {
          if (s.kind === 'write') {
            writer.write(s.url, s.mode);
            writeAtOnce(atOnce, s.url, s.mode);
            // What the page reads as its address is always the one written at once.
            expect(writer.current()).toBe(atOnce.location.pathname);
          } else if (s.kind === 'paint') frame.paint();
          else writer.flush();
        }
        writer.flush();
        expect(deferred.state()).toEqual(atOnce.state());
      }),
    );
  });
});
