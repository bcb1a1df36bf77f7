import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// axe-core as the accessibility specs run it (issue 10, docs/accessibility.md), shared so that a spec which already
// opens a view nobody else does (the password prompt of an encrypted PDF) can scan it without another page load.

/** axe's default rules plus every WCAG 2.0-2.2 A/AA rule (target-size is a 2.2 AA rule that is off by default). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colour transitions finished first: right after a theme switch, axe would measure colours half-way there.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  // Each violation with the elements it names, so a failure says what to fix.
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
}
