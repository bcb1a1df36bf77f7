import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

// Every test fails on an unexpected console error or page error. A test that expects one (a 404 answer makes the
// browser log the failed request) declares it with `allowConsoleErrors`.

interface Fixtures {
  allowConsoleErrors: RegExp[];
  consoleGuard: void;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = `${msg.text()} ${msg.location().url}`;
        if (!allowConsoleErrors.some((re) => re.test(text))) problems.push(`console error: ${text}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      await use();
      expect(problems, 'unexpected console or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The review panel's selected claim card (the one the keyboard and the viewer follow). */
export function selectedClaim(scope: Page | FrameLocator | Locator): Locator {
  return scope.locator('[data-claim-id][aria-current="true"]');
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Open an answer and click the marker button for `key`; returns the page element the viewer lands on. */
export async function openCitation(page: Page, answerId: string, key: string): Promise<void> {
  await page.goto(`./?answer=${answerId}`);
  await page.locator(`button[data-marker="${key}"]`).first().click();
}

/**
 * The text of the text-layer spans (on the same page as `highlight`) that intersect it, joined in reading order.
 * This is what a person sees under the yellow box.
 */
export async function wordsUnder(highlight: Locator): Promise<string> {
  return highlight.evaluate((el) => {
    const page = el.closest('[data-page-number]');
    if (!page) return '';
    const box = el.getBoundingClientRect();
    const spans = Array.from(page.querySelectorAll('.textLayer span')) as HTMLElement[];
    const hits = spans.filter((s) => {
      if (s.children.length > 0 || !s.textContent?.trim()) return false;
      const r = s.getBoundingClientRect();
      const ix = Math.min(r.right, box.right) - Math.max(r.left, box.left);
      const iy = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
      // Count a span when a real share of its height lies inside the highlight, not a hairline touch.
      return ix > 1 && iy > Math.min(r.height, box.height) * 0.5;
    });
    return hits
      .map((s) => s.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ');
  });
}

/**
 * The characters of the page's text layer whose centres lie inside `highlight`, in DOM order: precisely the words
 * a person sees under the yellow box (not merely the spans it touches).
 */
export async function charsUnder(highlight: Locator): Promise<string> {
  return highlight.evaluate((el) => {
    const page = el.closest('[data-page-number]');
    const layer = page?.querySelector('.textLayer');
    if (!layer) return '';
    const box = el.getBoundingClientRect();
    const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let out = '';
    let lastInside = false;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const inside = r.width > 0 && cx >= box.left && cx <= box.right && cy >= box.top && cy <= box.bottom;
        if (inside) out += text[i];
        else if (lastInside) out += ' ';
        lastInside = inside;
      }
      if (lastInside) out += ' ';
    }
    return out.replace(/\s+/g, ' ').trim();
  });
}

export function words(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Longest common subsequence length of two word lists. */
export function lcs(a: string[], b: string[]): number {
  const prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = x === b[j - 1] ? diag + 1 : Math.max(prev[j]!, prev[j - 1]!);
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * The words under all highlights of `sourceId`, page by page in order. Also checks that each highlight sits inside
 * its page element, as the markup contract says.
 */
export async function highlightedWords(page: Page, sourceId: string): Promise<string[]> {
  const highlights = page.locator(`[data-page-number] [data-highlight][data-source-id="${sourceId}"]`);
  await expect(highlights.first()).toBeVisible();
  const out: string[] = [];
  for (const h of await highlights.all()) out.push(...words(await charsUnder(h)));
  return out;
}

/** The highlighted words are the quote: nearly all of its words, in order, and little else. */
export async function expectHighlightOnQuote(page: Page, sourceId: string, quote: string): Promise<void> {
  const want = words(quote);
  await expect
    .poll(async () => {
      const got = await highlightedWords(page, sourceId);
      const common = lcs(want, got);
      return { recall: common / want.length >= 0.9, precision: got.length - common <= 4 };
    })
    .toEqual({ recall: true, precision: true });
}

/**
 * Resolves once a request the page makes now has been reported. Playwright reports requests (and calls routes) in
 * the order the page makes them, so every request made before this one has been seen by then: the positive signal
 * that "nothing was requested" has had its chance, where a fixed wait only hopes it was long enough.
 */
export async function requestsSoFarSeen(page: Page): Promise<void> {
  const probe = page.waitForRequest((r) => r.url().endsWith('/api/answers?requests-so-far'));
  await page.evaluate(() => fetch('./api/answers?requests-so-far').then((r) => r.status));
  await probe;
}
