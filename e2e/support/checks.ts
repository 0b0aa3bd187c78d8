import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** axe-core finds no serious or critical accessibility violation on the page as it is now. */
export async function expectNoSeriousAxeViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(blocking).toEqual([]);
}

/**
 * No word inside `container` is split across two lines: text wraps between words only (issue 23: at 360 px the
 * saved words broke "OCCURREN-CES" and "pequeñ-a"). Each run of non-space characters of each visible text is
 * measured; a word drawn on two lines has boxes at two heights.
 */
export async function expectNoWordSplit(container: Locator): Promise<void> {
  const split = await container.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rows = new Set(
          [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.bottom)),
        );
        if (rows.size > 1) found.push(match[0]);
      }
    }
    return found;
  });
  expect(split, 'words split across lines').toEqual([]);
}
