// /progress on a new learner's first day (issue 23): today's cell shows the reading the streak already counts, a
// finished chapter and less than a minute read included, and its outline can be seen (AA non-text contrast).
import type { Locator } from '@playwright/test';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { findStory } from './support/stories.ts';

/**
 * The contrast of a cell's outline (its outermost box-shadow ring) with the colours on either side of it: the
 * background around the cell, and inside, the ring's offset or the cell itself. The lower of the two.
 */
function outlineContrast(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    // Any CSS colour (rgb, oklch, …) to sRGB through a pixel, for the WCAG formula.
    const rgb = (colour: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a];
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value = 0) => {
        const s = value / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: string, b: string) => {
      const [high, low] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
      return (high + 0.05) / (low + 0.05);
    };
    const shadows = (getComputedStyle(element).boxShadow.match(/[^,(]+(\([^)]*\))?[^,(]*/g) ?? [])
      .map((shadow) => {
        const colour = shadow.match(/[a-z]+\([^)]*\)|#[0-9a-f]+/i)?.[0] ?? 'transparent';
        const lengths = shadow.replace(colour, '').trim().split(/\s+/).map(Number.parseFloat);
        return { colour, spread: lengths[3] ?? 0 };
      })
      .filter((shadow) => shadow.spread > 0 && rgb(shadow.colour)[3] > 0)
      .sort((a, b) => b.spread - a.spread);
    const [ring, inner] = shadows;
    if (!ring) return 1;
    let around: Element | null = element.parentElement;
    while (around && rgb(getComputedStyle(around).backgroundColor)[3] === 0) around = around.parentElement;
    const outside = around ? getComputedStyle(around).backgroundColor : 'white';
    const inside = inner?.colour ?? getComputedStyle(element).backgroundColor;
    return Math.min(contrast(ring.colour, outside), contrast(ring.colour, inside));
  });
}

test("today's cell shows the day the streak counts, in an outline that can be seen", async ({ page }) => {
  const email = uniqueAddress('progress');
  await createAccount(email, 'Petra Progress');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });
  const streak = page.getByRole('listitem').filter({ hasText: 'Daily Streak' });
  const today = page.locator('td[aria-current="date"]');

  // Nothing read yet: today is blank, and outlined all the same.
  await page.goto('/progress');
  await expect(streak).toContainText('0 days');
  await expect(today).toHaveAttribute('aria-label', /: 0 minutes$/);
  expect(await outlineContrast(today)).toBeGreaterThanOrEqual(3);

  // A chapter finished and 40 seconds read, on the learner's own day: one day of streak, and today shows it.
  const { chapterIds } = await findStory('La gata y la luna');
  const headers = {
    Authorization: `Bearer ${await accessToken(page)}`,
    'X-Timezone': await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  };
  const marked = await page.request.post(`/api/chapters/${chapterIds[0]}/mark-read/`, { headers, data: {} });
  expect(marked.ok()).toBe(true);
  const reported = await page.request.post('/api/track-reading-time/', {
    headers,
    data: { chapter_id: chapterIds[0], seconds: 40 },
  });
  expect(reported.ok()).toBe(true);
  await page.reload();
  await expect(streak).toContainText('1 day');
  await expect(today).toContainText('<1m');
  await expect(today).toHaveAttribute('aria-label', /: less than a minute$/);
  await expect(today).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  expect(await outlineContrast(today)).toBeGreaterThanOrEqual(3);
  await screenshot(page, 'progress-today-360');
});
