// Every language reads right (issue 21): Japanese and Chinese in the words a native reader sees, with furigana
// and pinyin above them that a learner switches off and on for the language; Arabic from right to left; Hindi
// and Korean word by word.
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory, findStory } from './support/stories.ts';

const JAPANESE = '<p>ミミは公園へ走りました。</p><p>ボールを見て、とても楽しかったです。</p>';
const CHINESE = '<p>我很喜欢去图书馆看书。</p><p>今天下雨了。</p>';

test('a Japanese chapter shows furigana over its kanji, remembered off, and an inflected verb looks up as its dictionary form', async ({
  page,
}) => {
  test.slow(); // two stories, a reload and a second reader
  const story = await createStory({
    language: 'ja',
    title: 'ミミと公園',
    difficulty: 'child',
    chapters: [{ title: '公園', content: JAPANESE }],
  });
  const later = await createStory({
    language: 'ja',
    title: 'ミミの朝',
    difficulty: 'infant',
    chapters: [{ title: '朝', content: '<p>朝ご飯を食べました。</p>' }],
  });
  const email = uniqueAddress('reader-ja');
  await createAccount(email, 'Hana Reader');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/read/${story.storyId}/${story.chapterIds[0]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  const furigana = page.getByRole('switch', { name: 'Furigana' });
  // A story for children: the readings show until the learner says otherwise, above the kanji alone.
  await expect(furigana).toHaveAttribute('aria-checked', 'true');
  const ran = text.locator('[data-w][data-l="走る"]');
  await expect(ran.locator('rt')).toHaveText('はし');
  await expect(text.locator('ruby', { hasText: '公園' }).locator('rt')).toHaveText('こうえん');
  await expect(text.locator('[data-w]', { hasText: 'ミミ' }).locator('rt')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'reader-furigana-360');

  // The tap takes the word as written, its ruby aside; the panel names its reading, dictionary form and part
  // of speech, and the dictionary answers for 走る.
  await ran.click();
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await expect(panel.getByRole('heading', { name: '走りました' })).toBeVisible();
  await expect(panel.getByText('はしりました', { exact: true })).toBeVisible();
  await expect(panel.getByText('走る', { exact: true })).toBeVisible();
  await expect(panel.getByText('verb (godan)', { exact: true })).toBeVisible();
  await expect(panel.getByText(/\bto run\b/).first()).toBeVisible();
  await expect(panel.getByText('Saved to your words')).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  // Off, for Japanese: the text shows bare, and stays so after a reload and in another Japanese story.
  await furigana.click();
  await expect(furigana).toHaveAttribute('aria-checked', 'false');
  await expect(text.locator('rt')).toHaveCount(0);
  await expect(text.getByText('走りました', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Furigana' })).toHaveAttribute('aria-checked', 'false');
  await expect(text.locator('[data-w]').first()).toBeVisible();
  await expect(text.locator('rt')).toHaveCount(0);
  await page.goto(`/read/${later.storyId}/${later.chapterIds[0]}`);
  await expect(text.getByText('食べました', { exact: true })).toBeVisible();
  await expect(text.locator('rt')).toHaveCount(0);

  // And on again.
  await furigana.click();
  await expect(text.locator('[data-w][data-l="食べる"] rt')).toHaveText('た');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'reader-furigana-1280');
});

test('a Chinese chapter shows pinyin over each character, and a learner turns it off', async ({ page }) => {
  const story = await createStory({
    language: 'zh',
    title: '下雨天',
    difficulty: 'child',
    chapters: [{ title: '图书馆', content: CHINESE }],
  });
  const email = uniqueAddress('reader-zh');
  await createAccount(email, 'Lin Reader');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto(`/read/${story.storyId}/${story.chapterIds[0]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  await expect(text).toHaveAttribute('lang', 'zh');
  const pinyin = page.getByRole('switch', { name: 'Pinyin' });
  await expect(pinyin).toHaveAttribute('aria-checked', 'true');
  // 图书馆 is one word (not 图书|馆), each syllable over its character.
  const library = text.locator('[data-w][data-r="tú shū guǎn"]');
  await expect(library.locator('rt')).toHaveText(['tú', 'shū', 'guǎn']);
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'reader-pinyin-360');

  await library.click();
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await expect(panel.getByRole('heading', { name: '图书馆' })).toBeVisible();
  await expect(panel.getByText('tú shū guǎn', { exact: true })).toBeVisible();
  await expect(panel.getByText('Saved to your words')).toBeVisible();

  await pinyin.click();
  await expect(pinyin).toHaveAttribute('aria-checked', 'false');
  await expect(text.locator('rt')).toHaveCount(0);
  await expect(text.getByText('图书馆', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'reader-pinyin-off-1280');

  // The demo's Chinese story, with its dictionary: off for Chinese now, for this learner, in every story.
  const demo = await findStory('妈妈的生日');
  await page.goto(`/read/${demo.storyId}/${demo.chapterIds[0]}`);
  await expect(pinyin).toHaveAttribute('aria-checked', 'false');
  await pinyin.click();
  const mum = text.locator('[data-w][data-r="mā ma"]').first();
  await expect(mum.locator('rt')).toHaveText(['mā', 'ma']);
  await mum.click();
  await expect(panel.getByRole('heading', { name: '妈妈' })).toBeVisible();
  await expect(panel.getByText('mum, mom, mother')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, 'reader-chinese-demo-360');
});

test('Arabic reads right to left, and Hindi and Korean word by word', async ({ page }) => {
  const arabic = await createStory({
    language: 'ar',
    title: 'المدرسة',
    chapters: [{ title: 'الصباح', content: 'ذهب الولد إلى المدرسة، ثم عاد.' }],
  });
  const hindi = await createStory({
    language: 'hi',
    title: 'घर',
    chapters: [{ title: 'सुबह', content: 'मैं हर दिन स्कूल जाता हूँ।' }],
  });
  const korean = await createStory({
    language: 'ko',
    title: '학교',
    chapters: [{ title: '아침', content: '저는 학교에서 한국어를 공부해요.' }],
  });
  const email = uniqueAddress('reader-scripts');
  await createAccount(email, 'Sami Reader');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 740 });
  const text = page.getByRole('group', { name: 'Chapter text' });
  const panel = page.getByRole('complementary', { name: 'Word details' });

  await page.goto(`/read/${arabic.storyId}/${arabic.chapterIds[0]}`);
  await expect(text).toHaveAttribute('dir', 'rtl');
  await expect(text).toHaveAttribute('lang', 'ar');
  // No readings to show in a language written with spaces.
  await expect(page.getByRole('switch', { name: /Furigana|Pinyin/ })).toHaveCount(0);
  // The first word stands at the right; the arrow that walks forward is the left one.
  const first = await text.getByText('ذهب', { exact: true }).boundingBox();
  const second = await text.getByText('الولد', { exact: true }).boundingBox();
  expect(first && second && first.x > second.x).toBe(true);
  await text.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'الولد' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'الولد' })).toHaveAttribute('dir', 'rtl');
  await screenshot(page, 'reader-arabic-360');

  await page.goto(`/read/${hindi.storyId}/${hindi.chapterIds[0]}`);
  await expect(text).toHaveAttribute('lang', 'hi');
  await text.getByText('स्कूल', { exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'स्कूल' })).toBeVisible();
  // A word with a vowel sign and a nasal mark is one word, not cut at its marks.
  await expect(text.getByText('हूँ', { exact: true })).toHaveCount(1);

  await page.goto(`/read/${korean.storyId}/${korean.chapterIds[0]}`);
  await expect(text).toHaveAttribute('lang', 'ko');
  // A Korean word keeps its particle as it is written: 학교에서 is one tap.
  await text.getByText('학교에서', { exact: true }).click();
  await expect(panel.getByRole('heading', { name: '학교에서' })).toBeVisible();
  await expect(panel.getByText(/Word not found in dictionary|Saved to your words/).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'reader-korean-360');
});
