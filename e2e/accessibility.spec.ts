import { expectNoSeriousAxeViolation } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';

for (const width of [360, 1280]) {
  test(`the landing page has no serious or critical accessibility violation at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expectNoSeriousAxeViolation(page);
  });
}

test('the landing page can be walked with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName}:${(element.textContent ?? '').trim().slice(0, 40)}` : '';
    });
    reached.add(name);
  }
  const names = [...reached].join(' | ');
  expect(names).toMatch(/Get Started/);
  expect(names).toMatch(/Monthly/);
  expect(names).toMatch(/SUMMARY:/);
});
