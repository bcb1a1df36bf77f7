// The answer route benchmark's sessions (scripts/bench-route.ts): each opens a fresh browser context on citelens's
// answer route or on the pdf.js reference page (scripts/bench/ref/route.ts), and times what a reader waits for with
// the same in-page probe (route-probe.ts) on both, through real navigations and real clicks (Playwright `click`).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { heaps, recordScripts, type Heaps, type ScriptLoad } from './cdp.ts';
import type { RouteDoc, SearchDoc } from './route-data.ts';
import { routeProbeScript, type RouteProbeWindow, type Watch } from './route-probe.ts';

export type Viewer = 'citelens' | 'reference';

/** citelens's document pane on the answer route: its scroll box and page 1's drawn width, given to the reference. */
export interface Layout {
  w: number;
  h: number;
  pageCss: number;
}

export interface RouteEnv {
  browser: Browser;
  /** Base URLs, ending in '/'. */
  app: string;
  ref: string;
  viewport: { width: number; height: number };
  /** CDP CPU throttling rate (1: none). */
  throttle: number;
  errors: string[];
  layout: Map<string, Layout>;
  /** The "reference" side is another build of citelens (an A/B of two builds: `--against`), not pdf.js's viewer. */
  againstApp?: boolean;
}

interface Session {
  context: BrowserContext;
  page: Page;
}

const WAIT_MS = 60_000;
/** After page 1: the reader reads for 2 s before the first click (the app's background work runs meanwhile). */
const READING_MS = 2000;
/** Between clicks: a reader's pace. */
const BETWEEN_CLICKS_MS = 400;

function appUrl(env: RouteEnv, answer: string, cite?: number, base = env.app): string {
  return `${base}?answer=${encodeURIComponent(answer)}${cite ? `&cite=${cite}` : ''}`;
}

/** Whether `viewer` is a citelens build here, and its base URL. */
const app = (env: RouteEnv, viewer: Viewer) => (viewer === 'citelens' ? env.app : env.againstApp ? env.ref : null);

function refUrl(env: RouteEnv, doc: string, o: { cites?: RouteDoc['cites']; cite?: number; search?: string; find?: boolean }): string {
  const layout = env.layout.get(doc);
  const q = new URLSearchParams({ file: `/api/documents/${doc}` });
  if (layout) {
    q.set('pagew', layout.pageCss.toFixed(2));
    q.set('w', String(Math.round(layout.w)));
    q.set('h', String(Math.round(layout.h)));
  }
  if (o.cites) q.set('cites', o.cites.map((c) => `${c.page}:${c.box.map((x) => x.toFixed(1)).join(',')}`).join(';'));
  if (o.cite) q.set('cite', String(o.cite));
  if (o.search) q.set('search', o.search);
  if (o.find) q.set('find', '1');
  return `${env.ref}route.html?${q}`;
}

async function session(env: RouteEnv, label: string, armAtLoad: { page: number; highlight: boolean } | null): Promise<Session> {
  // A fresh context per session: cold HTTP cache, fresh heap, for both viewers alike.
  const context = await env.browser.newContext({ viewport: env.viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (e) => env.errors.push(`${label}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') env.errors.push(`${label} console: ${m.text()}`);
  });
  await page.addInitScript({ content: routeProbeScript(armAtLoad) });
  if (env.throttle > 1) {
    // Kept attached: the rate holds for the page's renderer (its main thread) while the session lives.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: env.throttle });
  }
  return { context, page };
}

const result = (page: Page, timeoutMs: number) => page.evaluate((t) => (window as unknown as RouteProbeWindow).__route.result(t), timeoutMs);

/** The longest task overlapping [from, to] (ms since navigation), 0 when none. */
async function longest(page: Page, from: number, to: number): Promise<number> {
  const tasks = await page.evaluate(() => (window as unknown as RouteProbeWindow).__route.longTasks);
  return Math.max(0, ...tasks.filter((t) => t.start < to && t.start + t.duration > from).map((t) => t.duration));
}

const since = (w: Watch, t: number | null) => (w.t0 === null || t === null ? null : t - w.t0);

/** Opens citelens's answer route once, and reads its document pane's box and page 1's width for the reference. */
export async function measureLayout(env: RouteEnv, doc: RouteDoc): Promise<Layout> {
  const s = await session(env, `layout ${doc.doc}`, { page: 1, highlight: false });
  try {
    await s.page.goto(appUrl(env, doc.answer), { waitUntil: 'commit' });
    const w = await result(s.page, WAIT_MS);
    if (w.painted === null) throw new Error(`${doc.answer}: page 1 was not painted`);
    return await s.page.evaluate(() => {
      const box = document.querySelector('[data-viewer-scroll]')!.getBoundingClientRect();
      const canvas = document.querySelector('[data-viewer-scroll] [data-page-number="1"] canvas')!.getBoundingClientRect();
      return { w: box.width, h: box.height, pageCss: canvas.width };
    });
  } finally {
    await s.context.close();
  }
}

export interface Click {
  key: number;
  page: number;
  /** The page was drawn (in view or not) when the marker was clicked. */
  drawn: boolean;
  /** click → the page painted in view; → the highlight shown on it. */
  painted: number | null;
  shown: number | null;
}

export interface Opened {
  firstPaint: number;
  longestOpening: number;
  clicks: Click[];
  longestClicks: number;
  heap: Heaps | null;
}

/** Opens the answer (navigation → page 1 painted), lets it settle, then clicks its markers in `doc.clicks`' order. */
export async function openAndClick(env: RouteEnv, viewer: Viewer, doc: RouteDoc, o: { heap: boolean }): Promise<Opened> {
  const s = await session(env, `${viewer} ${doc.answer}`, { page: 1, highlight: false });
  try {
    const base = app(env, viewer);
    await s.page.goto(base ? appUrl(env, doc.answer, undefined, base) : refUrl(env, doc.doc, { cites: doc.cites }), { waitUntil: 'commit' });
    const open = await result(s.page, WAIT_MS);
    if (open.painted === null) throw new Error(`${doc.answer}: page 1 was not painted`);
    await s.page.waitForTimeout(READING_MS);
    const longestOpening = await longest(s.page, 0, open.painted + READING_MS);
    const clicks: Click[] = [];
    let from = Infinity;
    let to = 0;
    const marker = (key: number) =>
      // CSS selectors on both sides: a role selector is evaluated in the page by Playwright, over every element, just
      // before each click, and its work would count in the clicks' long tasks.
      base ? s.page.locator(`article[aria-label="Answer"] button[data-marker="${key}"]`).first() : s.page.locator(`button[data-cite="${key}"]`);
    for (const key of doc.clicks) {
      const page = doc.cites[key - 1]!.page;
      await s.page.evaluate((p) => (window as unknown as RouteProbeWindow).__route.arm(p, true), page);
      await marker(key).click();
      const w = await result(s.page, 20_000);
      clicks.push({ key, page, drawn: w.drawnAtStart, painted: since(w, w.painted), shown: since(w, w.shown) });
      if (w.t0 !== null) from = Math.min(from, w.t0);
      to = Math.max(to, w.shown ?? w.t0 ?? 0);
      await s.page.waitForTimeout(BETWEEN_CLICKS_MS);
    }
    const longestClicks = Number.isFinite(from) ? await longest(s.page, from, to + BETWEEN_CLICKS_MS) : 0;
    return { firstPaint: open.painted, longestOpening, clicks, longestClicks, heap: o.heap ? await heaps(env.browser, s.page) : null };
  } finally {
    await s.context.close();
  }
}

export interface Linked {
  painted: number | null;
  shown: number | null;
  longest: number;
}

/** A link to the answer at one citation (`&cite=K`): navigation → the cited page painted with its highlight. */
export async function deepLink(env: RouteEnv, viewer: Viewer, doc: RouteDoc, key: number): Promise<Linked> {
  const page = doc.cites[key - 1]!.page;
  const s = await session(env, `${viewer} ${doc.answer}&cite=${key}`, { page, highlight: true });
  try {
    const base = app(env, viewer);
    await s.page.goto(base ? appUrl(env, doc.answer, key, base) : refUrl(env, doc.doc, { cites: doc.cites, cite: key }), { waitUntil: 'commit' });
    const w = await result(s.page, WAIT_MS);
    return { painted: w.painted, shown: w.shown, longest: await longest(s.page, 0, w.shown ?? WAIT_MS) };
  } finally {
    await s.context.close();
  }
}

/**
 * A quote cited with no page, opened by a link: citelens's locator reads the whole document for it; the reference
 * is pdf.js's `#search=` (its find controller). Navigation → the highlight shown on the quote's page.
 */
export async function searchLink(env: RouteEnv, viewer: Viewer, doc: SearchDoc): Promise<Linked> {
  const s = await session(env, `${viewer} ${doc.answer}`, { page: doc.pages, highlight: true });
  try {
    const base = app(env, viewer);
    await s.page.goto(base ? appUrl(env, doc.answer, 1, base) : refUrl(env, doc.doc, { search: doc.quote, find: true }), { waitUntil: 'commit' });
    const w = await result(s.page, 120_000);
    return { painted: w.painted, shown: w.shown, longest: await longest(s.page, 0, w.shown ?? 120_000) };
  } finally {
    await s.context.close();
  }
}

/** The scripts whose response ended before page 1 was painted (the pdf.js worker left out), with their wire bytes. */
export async function scriptsBeforePaint(env: RouteEnv, viewer: Viewer, doc: RouteDoc): Promise<ScriptLoad[]> {
  const s = await session(env, `${viewer} ${doc.answer} scripts`, { page: 1, highlight: false });
  try {
    const scripts = await recordScripts(s.page);
    const base = app(env, viewer);
    await s.page.goto(base ? appUrl(env, doc.answer, undefined, base) : refUrl(env, doc.doc, { cites: doc.cites }), { waitUntil: 'commit' });
    const w = await result(s.page, WAIT_MS);
    if (w.painted === null) throw new Error(`${doc.answer}: page 1 was not painted`);
    const paintedAt = await s.page.evaluate((t) => performance.timeOrigin + t, w.painted);
    await s.page.waitForTimeout(500);
    return scripts().filter((x) => x.finishedAt <= paintedAt && !/pdf\.worker/i.test(x.url));
  } finally {
    await s.context.close();
  }
}
