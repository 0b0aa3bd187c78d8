import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

export type ThemeName = 'light' | 'sepia' | 'dark';

/**
 * axe-core finds no serious or critical accessibility violation on the page as it is now, in each theme
 * (issue 23: light and dark by default). Each theme is put on <html data-theme> as the app does, its colour
 * transitions let finish, and the page's own theme is put back afterwards.
 */
export async function expectNoSeriousAxeViolation(
  page: Page,
  { themes = ['light', 'dark'] }: { themes?: readonly ThemeName[] } = {},
): Promise<void> {
  const shown = await page.evaluate(() => document.documentElement.dataset.theme);
  const blocking: string[] = [];
  try {
    for (const theme of themes) {
      await showTheme(page, theme);
      const results = await new AxeBuilder({ page }).analyze();
      blocking.push(
        ...results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${theme}: ${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
          ),
      );
    }
  } finally {
    await showTheme(page, shown);
  }
  expect(blocking).toEqual([]);
}

/** Puts `theme` on the page (none: the attribute removed) and waits until no colour is between two themes. */
async function showTheme(page: Page, theme: string | undefined): Promise<void> {
  await page.evaluate(async (next) => {
    const root = document.documentElement;
    if (next) root.dataset.theme = next;
    else delete root.dataset.theme;
    // getAnimations() brings the style up to date first, so the transitions the change starts are in it.
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  }, theme);
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
