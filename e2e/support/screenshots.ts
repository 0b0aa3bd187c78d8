import { mkdirSync } from 'node:fs';
import { type Page, test } from '@playwright/test';
import { BUDGET } from './time.ts';

/** Where the review screenshots are written, one PNG per name, for a person to look at after a run. */
export const SCREENSHOTS = 'test-results/screenshots';

/**
 * A full-page screenshot under test-results/screenshots, to look at; not an assertion. It is taken outside
 * the test's time budget: the test's timeout is lengthened by the screenshot's own budget while it is taken,
 * then set back to what it was plus the time it took. One that fails or runs out of its budget is a warning
 * (an annotation on the test and a line in the output), never a failed test. SCREENSHOTS=0 skips them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS === '0') return;
  const info = test.info();
  const budget = info.timeout;
  // 0 means no timeout (a debugging session): nothing to lengthen.
  if (budget > 0) info.setTimeout(budget + BUDGET.screenshot);
  const started = performance.now();
  try {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, timeout: BUDGET.screenshot });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const description = `The review screenshot ${name} was not taken: ${reason}`;
    info.annotations.push({ type: 'warning', description });
    console.warn(description);
  } finally {
    if (budget > 0) info.setTimeout(budget + Math.ceil(performance.now() - started));
  }
}
