// The reader's settings (issue 23): text size, line spacing, typeface and theme, applied at once and kept for
// the learner across a reload and on a device that never saw them.
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { findStory } from './support/stories.ts';

test('a learner makes the text larger, serif and airier, picks a theme, and finds it all after a reload', async ({
  page,
}) => {
  const email = uniqueAddress('settings');
  await createAccount(email, 'Sam Settings');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 740 });
  const gata = await findStory('La gata y la luna');
  await page.goto(`/read/${gata.storyId}/${gata.chapterIds[1]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  await expect(text).toBeVisible();
  const look = () =>
    text.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        size: Number.parseFloat(style.fontSize),
        lineHeight: Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize),
        // The serif stack (web/styles.css --font-serif) starts with Iowan Old Style.
        serif: style.fontFamily.startsWith('"Iowan Old Style"'),
      };
    });
  const before = await look();
  expect(before.serif).toBe(false);

  await page.getByRole('button', { name: 'Text and theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reading settings' });
  await dialog.getByText('Extra large', { exact: true }).click();
  await dialog.getByText('Relaxed', { exact: true }).click();
  await dialog.getByText('Serif', { exact: true }).click();
  await dialog.getByText('Sepia', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Sepia' })).toBeChecked();
  // From the keyboard too: the arrows move within a setting.
  await dialog.getByRole('radio', { name: 'Serif', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: 'Sans serif', exact: true })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Serif', exact: true })).toBeChecked();
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'reader-settings-360');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Text and theme' })).toBeFocused();

  await expect.poll(async () => (await look()).size).toBeGreaterThan(before.size * 1.2);
  const after = await look();
  expect(after.lineHeight).toBeGreaterThan(before.lineHeight);
  expect(after.serif).toBe(true);
  await expectNoSidewaysScroll(page, 360);

  // Kept for the learner, not only on this device: the device's copy is forgotten before the reload.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('catamaran:reader-settings') ?? ''))
    .toContain('"theme":"sepia"');
  await page.evaluate(() => localStorage.removeItem('catamaran:reader-settings'));
  await page.reload();
  await expect(page.getByRole('group', { name: 'Chapter text' })).toBeVisible();
  await expect.poll(async () => (await look()).size).toBe(after.size);
  expect(await look()).toEqual(after);
  await page.getByRole('button', { name: 'Text and theme' }).click();
  await expect(page.getByRole('radio', { name: 'Sepia' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Extra large' })).toBeChecked();
});
