// M7: the JavaScript a page loads before its first page is painted (the pdf.js worker excluded), from the page's
// CDP Network events, gzip-compressed as a server would send it (ours sends it uncompressed: the wire size is kept
// too). And the budget: pdf.js's core (pdf.min.mjs) and React (react, react-dom's client, scheduler; minified like
// our build does) gzipped, + 60 kB.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { minifySync } from 'vite';
import type { Browser } from '@playwright/test';
import { recordScripts } from './cdp.ts';
import { probesScript, type ProbeWindow } from './probes.ts';

export interface JsBeforePaint {
  /** gzip bytes, summed over the scripts. */
  gzip: number;
  /** Bytes on the wire (encodedDataLength). */
  wire: number;
  files: string[];
}

async function measure(browser: Browser, url: string, dist: string, viewport: { width: number; height: number }): Promise<JsBeforePaint> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: probesScript() });
    const scripts = await recordScripts(page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as ProbeWindow).__probes?.firstCanvas !== null, null, { timeout: 60_000, polling: 50 });
    const paintedAt = await page.evaluate(() => performance.timeOrigin + (window as unknown as ProbeWindow).__probes.firstCanvas!);
    await page.waitForTimeout(500);
    const before = scripts().filter((s) => s.finishedAt <= paintedAt && !/pdf\.worker/i.test(s.url));
    let gzip = 0;
    for (const s of before) {
      const file = path.join(dist, decodeURIComponent(new URL(s.url).pathname));
      gzip += gzipSync(readFileSync(file)).length;
    }
    return { gzip, wire: before.reduce((a, s) => a + s.encoded, 0), files: before.map((s) => new URL(s.url).pathname) };
  } finally {
    await context.close();
  }
}

export interface FirstPaintJs {
  /** /bench: our viewer alone, the reference's scope. */
  bench: JsBeforePaint;
  /** The app's answer route: the same page painted beside the answer and the review panel. */
  app: JsBeforePaint;
  reference: JsBeforePaint;
}

export async function firstPaintJs(
  browser: Browser,
  o: { bench: string; app: string; reference: string; appDist: string; refDist: string; viewport: { width: number; height: number } },
): Promise<FirstPaintJs> {
  return {
    bench: await measure(browser, o.bench, o.appDist, o.viewport),
    app: await measure(browser, o.app, o.appDist, o.viewport),
    reference: await measure(browser, o.reference, o.refDist, o.viewport),
  };
}

export interface JsBudget {
  pdfjs: number;
  react: number;
  /** pdfjs + react + 60 kB. */
  budget: number;
}

export function referenceJsSizes(root: string): JsBudget {
  const require = createRequire(path.join(root, 'package.json'));
  const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json', { paths: [require.resolve('react-pdf')] }));
  const gz = (file: string, minify: boolean) => {
    const code = readFileSync(file, 'utf8');
    return gzipSync(minify ? minifySync(path.basename(file), code, {}).code : code).length;
  };
  const pdfjs = gz(path.join(pdfjsDir, 'build/pdf.min.mjs'), false);
  const react = ['react/cjs/react.production.js', 'react-dom/cjs/react-dom-client.production.js', 'scheduler/cjs/scheduler.production.js']
    .map((f) => gz(path.join(root, 'node_modules', f), true))
    .reduce((a, b) => a + b, 0);
  return { pdfjs, react, budget: pdfjs + react + 60 * 1024 };
}
