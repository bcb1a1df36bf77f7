// A diagnostic for the answer route's opening (not a benchmark): when each script, the answer and the PDF were asked
// for and arrived, and when the probe saw the page painted, medians over a few opens of one URL per server.
//   node --import tsx scripts/bench/route-timeline.ts --url http://127.0.0.1:4401/?answer=route-10 [--page 1] [--runs 5]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { routeProbeScript, type RouteProbeWindow } from './route-probe.ts';
import { timelineScript } from './open-timeline.ts';
import { median } from './stats.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback?: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const urls = argv.flatMap((a, i) => (argv[i - 1] === '--url' ? [a] : []));
const page = Number(arg('--page', '1'));
const highlight = argv.includes('--highlight');
const runs = Number(arg('--runs', '5'));
const throttle = Number(arg('--throttle', '1'));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const all = new Map<string, Map<string, number[]>>();
try {
  for (let i = 0; i < runs + 1; i++) {
    for (const url of urls) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const p = await context.newPage();
      await p.addInitScript({ content: routeProbeScript({ page, highlight }) });
      // pdf.js's worker messages (the first of each kind, both ways), as open-timeline.ts records them.
      if (argv.includes('--worker')) await p.addInitScript({ content: timelineScript() });
      if (throttle > 1) await (await context.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await p.goto(url, { waitUntil: 'commit' });
      const w = await p.evaluate(() => (window as unknown as RouteProbeWindow).__route.result(60_000));
      await p.waitForTimeout(300);
      const marks = await p.evaluate(() => {
        const out: Record<string, number> = {};
        for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          const name = r.name
            .replace(/^https?:\/\/[^/]+/, '')
            .replace(/-[\w-]{8}\.(m?js|css)$/, '.$1')
            .slice(0, 50);
          out[`${name} asked`] = r.startTime;
          out[`${name} in`] = r.responseEnd;
        }
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        if (fcp) out['FCP'] = fcp.startTime;
        Object.assign(out, (window as unknown as { __timeline?: Record<string, number> }).__timeline ?? {});
        const tasks = (window as unknown as RouteProbeWindow).__route.longTasks;
        out['long tasks (sum)'] = tasks.reduce((a, t) => a + t.duration, 0);
        out['longest task'] = Math.max(0, ...tasks.map((t) => t.duration));
        return out;
      });
      marks['PAINTED'] = w.painted ?? NaN;
      marks['SHOWN'] = w.shown ?? NaN;
      await context.close();
      if (i === 0) continue;
      const m = all.get(url) ?? new Map<string, number[]>();
      all.set(url, m);
      for (const [k, v] of Object.entries(marks)) m.set(k, [...(m.get(k) ?? []), v]);
    }
  }
} finally {
  await browser.close();
}
for (const [url, m] of all) {
  process.stdout.write(`\n${url}\n`);
  for (const [k, v] of [...m].sort((a, b) => (median(a[1]) ?? 0) - (median(b[1]) ?? 0)))
    process.stdout.write(`${String(Math.round(median(v) ?? NaN)).padStart(7)}  ${k}\n`);
}
