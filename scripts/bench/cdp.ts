// What the bench reads through the Chrome DevTools Protocol: JS heaps after a forced GC (the page's main thread and
// each of its dedicated workers, reached as worker targets from a browser session) and the scripts a page loaded.
import type { Browser, CDPSession, Page } from '@playwright/test';

export interface Heaps {
  main: number;
  /** The sum over the page's dedicated workers (pdf.js's, and any other the viewer starts). */
  workers: number;
  workerCount: number;
}

/** Sends one command to a target attached without `flatten` (Playwright's sessions take no session id). */
function sendToTarget(session: CDPSession, sessionId: string, method: string, params: object = {}): Promise<unknown> {
  const id = Math.floor(Math.random() * 1e9);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      session.off('Target.receivedMessageFromTarget', onMessage);
      reject(new Error(`${method}: no answer from the worker`));
    }, 15_000);
    const onMessage = (e: { sessionId: string; message: string }) => {
      if (e.sessionId !== sessionId) return;
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      if (msg.id !== id) return;
      clearTimeout(timer);
      session.off('Target.receivedMessageFromTarget', onMessage);
      if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
      else resolve(msg.result);
    };
    session.on('Target.receivedMessageFromTarget', onMessage);
    void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
  });
}

/** Heaps after GC. The bench opens one page at a time, so every worker target of the browser is this page's. */
export async function heaps(browser: Browser, page: Page): Promise<Heaps> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize: main } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  const bs = await browser.newBrowserCDPSession();
  let workers = 0;
  let workerCount = 0;
  try {
    const { targetInfos } = await bs.send('Target.getTargets');
    for (const t of targetInfos.filter((x) => x.type === 'worker')) {
      const { sessionId } = await bs.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
      try {
        await sendToTarget(bs, sessionId, 'HeapProfiler.collectGarbage');
        const r = (await sendToTarget(bs, sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
        workers += r.usedSize;
        workerCount++;
      } finally {
        await bs.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      }
    }
  } finally {
    await bs.detach().catch(() => undefined);
  }
  return { main, workers, workerCount };
}

export interface ScriptLoad {
  url: string;
  /** Bytes on the wire (headers included), from Network.loadingFinished. */
  encoded: number;
  /** Wall-clock ms (epoch) when it finished loading. */
  finishedAt: number;
}

/** Records every script response of the page from now on (Network events of a page CDP session). */
export async function recordScripts(page: Page): Promise<() => ScriptLoad[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; type: string | undefined; offset: number }>();
  const done: ScriptLoad[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    // timestamp is monotonic seconds; wallTime the epoch seconds of the same instant.
    requests.set(e.requestId, { url: e.request.url, type: e.type, offset: e.wallTime - e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r || !(r.type === 'Script' || /\.m?js(\?|$)/.test(r.url))) return;
    done.push({ url: r.url, encoded: e.encodedDataLength, finishedAt: (e.timestamp + r.offset) * 1000 });
  });
  return () => [...done];
}
