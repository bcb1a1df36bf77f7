import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Accessibility (issue 10, docs/accessibility.md): axe-core reports nothing on every view, and what axe cannot see is
// checked as a keyboard or screen-reader user meets it: titles, focus, the live region, hidden panes, target sizes,
// the preview's box, forced colours, reduced motion and more contrast. Few page loads, many checks each: axe alone
// takes 10-30 s per view on the shared 2-core machine.

test.describe.configure({ timeout: 300_000 });

/** axe's default rules plus every WCAG 2.0-2.2 A/AA rule (target-size is a 2.2 AA rule that is off by default). */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  // Each violation with the elements it names, so a failure says what to fix.
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

/** What the focus is on, as a person would name it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? { pane: el.closest<HTMLElement>('[data-pane]')?.dataset.pane ?? null, inViewer: !!el.closest('[data-pane="viewer"]') } : null;
  });
}

/** Every point of a 24 × 24 px square centred on the marker hits the marker (WCAG 2.5.8 target size). */
async function hitsAll24(marker: Locator): Promise<boolean> {
  return marker.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const points = [-11.5, 0, 11.5].flatMap((dx) => [-11.5, 0, 11.5].map((dy) => [cx + dx, cy + dy] as const));
    return points.every(([x, y]) => document.elementFromPoint(x, y)?.closest('button[data-marker]') === el);
  });
}

test('keyboard and screen reader: home, an answer opened from it, a citation, the review panel, a hidden pane', async ({ page }, testInfo) => {
  await page.goto('./');
  const link = page.locator('a[data-answer-id="vendor-access"]');
  await expect(link).toBeVisible();
  await expect(page).toHaveTitle('Answers – citelens');
  expect(await axeViolations(page), 'home page').toEqual([]);

  // Keyboard only: the link takes the focus and Enter opens the answer, whose heading then has the focus.
  await link.focus();
  expect(await link.evaluate((el) => el.matches(':focus-visible') && /rgb/.test(getComputedStyle(el).boxShadow)), 'a visible focus ring').toBe(true);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'How must vendors protect access to our systems?' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(/How must vendors protect access to our systems\? – citelens$/);

  // Markers are buttons named for their citation, document and page, with 24 × 24 px targets in unchanged lines.
  const marker2 = page.getByRole('button', { name: 'Citation 2: Vendor Security Policy, page 3' });
  await expect(marker2).toBeVisible();
  const markers = page.locator('[data-pane="answer"] button[data-marker]');
  for (const m of await markers.all()) {
    expect((await m.boundingBox())!.width).toBeGreaterThanOrEqual(24);
    expect(await hitsAll24(m)).toBe(true);
  }
  // The marker's own box stays inside its line (the extra height is a hit area, not layout).
  const line = await page.locator('[data-pane="answer"] li', { has: marker2 }).evaluate((li) => parseFloat(getComputedStyle(li).lineHeight));
  expect((await marker2.boundingBox())!.height).toBeLessThan(line);

  // Opening a citation: the one live region says where it landed; the title names the document and the citation;
  // each highlight is a mark described by hidden text.
  await marker2.click();
  const announcer = page.locator('[data-citation-announcer]');
  await expect(announcer).toHaveText(/^Citation 2 — Vendor Security Policy, page 3, (highlighted|region 1 of \d+)\s*$/);
  await expect(page).toHaveTitle(/^Citation 2, Vendor Security Policy – How must vendors/);
  const mark = page.locator('[data-pane="viewer"] [data-highlight]').first();
  await expect(mark).toHaveAttribute('role', 'mark');
  await expect(mark).toHaveAccessibleDescription(/^Citation 2, cited passage/);
  expect(await page.locator('[aria-live="polite"]:not([data-citation-announcer])').filter({ hasText: /Citation|Region/ }).count()).toBe(0);
  // A passage over several lines: stepping to the next region is said too, with its page.
  await page.getByRole('button', { name: 'Citation 1: Vendor Security Policy, page 2' }).first().click();
  await expect(announcer).toHaveText(/^Citation 1 — Vendor Security Policy, page 2, region 1 of [2-9]\s*$/);
  await page.getByRole('button', { name: 'Next region' }).click();
  await expect(announcer).toHaveText(/^Citation 1 — Vendor Security Policy, page \d+, region 2 of [2-9]\s*$/);
  await page.screenshot({ path: testInfo.outputPath('answer-citation-open.png') });
  expect(await axeViolations(page), 'answer view with a citation open').toEqual([]);

  // The review panel with a claim selected (its citations, flags and decision controls open).
  await page.locator('[data-claim-id]').first().getByRole('button', { name: /^Claim 1:/ }).click();
  await expect(page.getByRole('group', { name: 'Decision' })).toBeVisible();
  expect(await axeViolations(page), 'review panel').toEqual([]);

  // "Hide document": the pane is inert, so Tab never reaches its zoom, page or region controls.
  await page.getByRole('button', { name: 'Hide document' }).click();
  await expect(page.getByRole('button', { name: 'Show document' })).toBeVisible();
  await page.getByRole('button', { name: 'Show document' }).focus();
  const panes = new Set<string | null>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    expect(f?.inViewer, `Tab ${i + 1} reached the hidden document pane`).toBe(false);
    panes.add(f?.pane ?? null);
  }
  expect([...panes], 'Tab walks the answer and the review panel').toEqual(expect.arrayContaining(['answer', 'review']));
  // A marker clicked while the document is hidden shows it again.
  await marker2.click();
  await expect(page.getByRole('button', { name: 'Hide document' })).toBeVisible();
  await expect(page.locator('[data-pane="viewer"] [data-highlight]').first()).toBeVisible();
  expect(await page.locator('[data-pane="viewer"]').evaluate((el) => !!el.closest('[inert]'))).toBe(false);

  // A preview that covers a marker on the next line gives way when the pointer reaches that marker.
  const first = markers.first();
  await first.hover();
  const tip = page.locator('[data-marker-preview]');
  await expect(tip).toBeVisible();
  const tipBox = (await tip.boundingBox())!;
  const covered = await markers.evaluateAll((els, t) => {
    const i = els.findIndex((el, k) => {
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      return k > 0 && x > t.x && x < t.x + t.width && y > t.y && y < t.y + t.height;
    });
    return i;
  }, tipBox);
  expect(covered, 'the first preview covers a later marker in this answer').toBeGreaterThan(0);
  const target = (await markers.nth(covered).boundingBox())!;
  const [tx, ty] = [target.x + target.width / 2, target.y + target.height / 2];
  await page.mouse.move(tx, tipBox.y + 4, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 8 });
  await expect(tip).toBeHidden();
  expect(await page.evaluate(([x, y]) => (document.elementFromPoint(x!, y!)?.closest('button') as HTMLElement | null)?.dataset.marker, [tx, ty])).toBe(
    await markers.nth(covered).getAttribute('data-marker'),
  );
  await page.mouse.move(5, 5);

  // The hover preview wraps inside its box and stays in the viewport, even for a marker near the right edge.
  // At 420 px the panes stack, the answer full width on top.
  await page.setViewportSize({ width: 420, height: 800 });
  const rightmost = await markers.evaluateAll((els) => {
    const xs = els.map((el) => el.getBoundingClientRect().right);
    return xs.indexOf(Math.max(...xs));
  });
  const far = markers.nth(rightmost);
  await far.scrollIntoViewIfNeeded();
  expect((await far.boundingBox())!.x + 288).toBeGreaterThan(420); // a box at the marker's left edge would run out
  await far.hover();
  const preview = page.locator('[data-marker-preview]');
  await expect(preview).toBeVisible();
  const box = (await preview.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(420);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  expect(await preview.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).whiteSpace === 'normal')).toBe(true);
});

test('embed mode passes axe; forced colours, reduced motion and more contrast keep citations visible', async ({ page }, testInfo) => {
  await page.goto('./embed?answer=vendor-access&cite=2');
  const active = page.locator('button[data-marker="2"][aria-current="true"]');
  await expect(active).toBeVisible();
  await expect(page.locator('[data-pane="viewer"] [data-highlight]').first()).toBeVisible();
  await expect(page.locator('[data-citation-announcer]')).toHaveText(/^Citation 2 — Vendor Security Policy, page 3/);
  expect(await axeViolations(page), 'embed mode').toEqual([]);

  // Reduced motion: a citation arrives without the flash.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.locator('button[data-marker="1"]').first().click();
  const activeRegion = page.locator('[data-pane="viewer"] [data-highlight][data-active-region]').first();
  await expect(activeRegion).toBeVisible();
  expect(await activeRegion.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');

  // Forced colours: the active marker keeps the system's selection colours, unlike the others, and every highlight
  // keeps a Mark-coloured outline (the active one a thicker Highlight one) instead of fading to grey.
  await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
  const colours = (el: Element) => {
    const s = getComputedStyle(el);
    return { bg: s.backgroundColor, fg: s.color, outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` };
  };
  const on = await page.locator('button[data-marker="1"][aria-current="true"]').first().evaluate(colours);
  const off = await page.locator('button[data-marker="2"]').first().evaluate(colours);
  expect(on.bg).not.toBe(off.bg);
  const highlight = await activeRegion.evaluate(colours);
  expect(highlight.outline).toMatch(/^solid 3px rgb/);
  const others = page.locator('[data-pane="viewer"] [data-highlight]:not([data-active-region])');
  if ((await others.count()) > 0) expect((await others.first().evaluate(colours)).outline).toMatch(/^solid 2px rgb/);
  await page.screenshot({ path: testInfo.outputPath('forced-colours.png') });

  // More contrast: secondary grey text gets darker than with no preference.
  await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'reduce', contrast: 'no-preference' });
  const hint = page.locator('#references-heading');
  const normal = await hint.evaluate((el) => getComputedStyle(el).color);
  await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'reduce', contrast: 'more' });
  await expect.poll(() => hint.evaluate((el) => getComputedStyle(el).color)).not.toBe(normal);
});
