import { createAccount } from './support/accounts.ts';
import { accessToken, signInWithCode, solidPng, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';

test('a learner who opens /admin lands on /dashboard', async ({ page }) => {
  const email = uniqueAddress('learner');
  await createAccount(email, 'Lea Park');
  await signInWithCode(page, email);

  await page.goto('/admin');

  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/admin$/);
});

test('an admin adds a language, then a story with a cover and a chapter', async ({ page }) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('admin');
  await createAccount(email, 'Ada Admin', { isAdmin: true });
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('tab')).toHaveText([
    'Stories',
    'Bulk Import',
    'Languages',
    'Teachers',
    'Translations',
  ]);
  await expect(page.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');
  // A fresh server has the demo library (DEMO_CONTENT is on by default).
  await expect(page.getByText('La gata y la luna').first()).toBeVisible();

  // Languages: the seeded ones are listed; Swedish is added.
  await page.getByRole('tab', { name: 'Languages' }).click();
  await expect(page).toHaveURL(/\?tab=languages$/);
  await expect(page.getByRole('cell', { name: 'Español' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Language' }).click();
  const languageDialog = page.getByRole('dialog', { name: 'Add Language' });
  await languageDialog.getByLabel('Code').fill('sv');
  await languageDialog.getByLabel('Name', { exact: true }).fill('Swedish');
  await languageDialog.getByRole('button', { name: 'Add Language' }).click();
  await expect(languageDialog.getByRole('alert')).toHaveText('All fields are required');
  await languageDialog.getByLabel('Native Name').fill('Svenska');
  await expect(languageDialog.getByRole('link', { name: /kaikki\.org/ })).toHaveAttribute(
    'href',
    'https://kaikki.org/dictionary/',
  );
  await expectNoSeriousAxeViolation(page);
  await languageDialog.getByRole('button', { name: 'Add Language' }).click();
  await expect(languageDialog).toBeHidden();
  const swedish = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Swedish' }) });
  await expect(swedish.getByRole('cell')).toHaveText(['sv', 'Swedish', 'Svenska', 'Active', '']);
  await screenshot(page, 'admin-languages-1280');
  await expectNoSeriousAxeViolation(page);

  // Stories: a story in Swedish with a cover, compressed by the browser and uploaded on save.
  await page.getByRole('tab', { name: 'Stories' }).click();
  await page.getByRole('button', { name: 'Add Story' }).click();
  const storyDialog = page.getByRole('dialog', { name: 'Add Story' });
  await storyDialog.getByLabel('Title').fill('Fyren');
  await storyDialog.getByLabel('Author').fill('Ada Admin');
  await storyDialog.getByLabel('Description').fill('A lighthouse keeper and a storm.');
  await storyDialog.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Swedish' }).click();
  await storyDialog.getByRole('combobox', { name: 'Difficulty' }).click();
  await page.getByRole('option', { name: 'Teen' }).click();
  await storyDialog.getByLabel('Topics').fill('sea, weather');
  await storyDialog.getByRole('switch', { name: 'Published' }).click();
  await storyDialog.getByRole('switch', { name: 'Free' }).click();
  await storyDialog
    .getByLabel('Cover Image')
    .setInputFiles({ name: 'lighthouse.png', mimeType: 'image/png', buffer: solidPng(1200, 900) });
  await expect(storyDialog.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  await expect(storyDialog.getByText(/lighthouse\.webp/)).toBeVisible();
  await screenshot(page, 'admin-add-story-1280');
  await expectNoSeriousAxeViolation(page);
  await storyDialog.getByRole('button', { name: 'Add Story' }).click();
  await expect(storyDialog).toBeHidden();

  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Fyren' }) });
  await expect(row.getByRole('cell')).toHaveText([
    'Fyrenby Ada Admin',
    'Swedish',
    'Teen',
    '0',
    'PublishedFree',
    'Chapters',
  ]);

  // The story keeps the uploaded cover: WebP, at most 800 px wide, served from this site.
  const token = await accessToken(page);
  const stories = (await (
    await page.request.get('/api/admin/stories/', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { title: string; cover_image_url: string | null }[];
  const cover = stories.find((story) => story.title === 'Fyren')?.cover_image_url;
  expect(cover).toMatch(/\/media\/story-images\/covers\/[^/]+\.webp$/);
  const image = await page.request.get(cover ?? '');
  expect(image.headers()['content-type']).toBe('image/webp');
  const width = await page.evaluate(async (src) => {
    const element = new Image();
    element.src = src;
    await element.decode();
    return Math.max(element.naturalWidth, element.naturalHeight);
  }, cover ?? '');
  expect(width).toBe(800);

  // Its chapters: the first one is added with a live word count.
  await row.getByRole('button', { name: 'Chapters of Fyren' }).click();
  const manager = page.getByRole('dialog', { name: 'Chapters of "Fyren"' });
  await expect(manager.getByText('No chapters yet. Add your first chapter!')).toBeVisible();
  await manager.getByRole('button', { name: 'Add Chapter' }).click();
  const chapterDialog = page.getByRole('dialog', { name: 'Add Chapter' });
  await chapterDialog.getByLabel('Title').fill('Stormen');
  await chapterDialog.getByLabel('Content').fill('Det var en mörk och stormig natt.');
  await expect(chapterDialog.getByText('7 words')).toBeVisible();
  await chapterDialog.getByRole('button', { name: 'Add Chapter' }).click();
  await expect(chapterDialog).toBeHidden();
  await expect(manager.getByRole('row').nth(1).getByRole('cell')).toHaveText(['1', 'Stormen', '7', '']);
  await manager.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await screenshot(page, 'admin-stories-1280');
  await expectNoSeriousAxeViolation(page);

  // A phone: nothing scrolls sideways but the tables inside their cards.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-stories-360');
  await expectNoSeriousAxeViolation(page);
  await page.getByRole('tab', { name: 'Languages' }).click();
  await expect(swedish).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-languages-360');
  await page.getByRole('button', { name: 'Add Language' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Language' })).toBeVisible();
  await screenshot(page, 'admin-add-language-360');
  await expectNoSeriousAxeViolation(page);

  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Stories' }).click();
  await page.getByRole('button', { name: 'Add Story' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Story' })).toBeVisible();
  await screenshot(page, 'admin-add-story-360');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // A row opens the story editor.
  await row.getByRole('cell', { name: 'Swedish' }).click();
  await expect(page).toHaveURL(/\/admin\/story\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fyren' })).toBeVisible();
});
