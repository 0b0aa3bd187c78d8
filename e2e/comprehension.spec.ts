// How much of a story a learner knows, before reading it (issue 22): once they know 50 terms in Spanish, the
// library's card, the story page and each chapter row say "You know N %" and how many words are new. The
// share after a chapter changes is tested through the API (server/library/comprehension.test.ts).
import type { StoryDetail } from '#common/schemas/library.ts';
import { COMPREHENSION_MIN_KNOWN_TERMS } from '#common/terms.ts';
import { createAccount } from './support/accounts.ts';
import { accessToken, signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseNewLanguage } from './support/languages.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

/** Words no story holds, one per known term the threshold asks for. */
const FILLER = Array.from(
  { length: COMPREHENSION_MIN_KNOWN_TERMS },
  (_, index) =>
    `zz${String.fromCharCode(97 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}`,
);

test('a learner who knows 50 words sees how much of each story and chapter they know', async ({ page }) => {
  test.slow(); // fifty statuses set through the API
  const title = `El sol y la luna ${Date.now()}`;
  const { storyId } = await createStory({
    language: 'es',
    title,
    chapters: [
      { title: 'La mañana', content: 'El sol sale. La luna duerme.' },
      { title: 'La tarde', content: 'El sol brilla sobre el mar.' },
    ],
  });
  // Every word but one is among the fifty: 95 % known, 'Just right for you'.
  const easy = `Casi todo ${Date.now()}`;
  await createStory({
    language: 'es',
    title: easy,
    chapters: [{ title: 'Uno', content: `${FILLER.slice(0, 19).join(' ')} palabra.` }],
  });
  const email = uniqueAddress('comprehension');
  await createAccount(email, 'Kim Known');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard');
  await chooseNewLanguage(page, 'Español (Spanish)');
  const available = page.getByRole('region', { name: 'Available Stories' });
  const card = available.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  // Below the threshold nothing is said, and nothing is just right.
  await expect(card.getByText(/You know/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Just right for you' })).toHaveCount(0);

  const token = await accessToken(page);
  const known = async (term: string) => {
    const response = await page.request.put('/api/terms/status/', {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'es', term, status: 'known' },
    });
    expect(response.status()).toBe(200);
  };
  for (const term of [...FILLER, 'sol', 'el']) await known(term);
  const detail = (await (
    await page.request.get(`/api/stories/${storyId}/`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as StoryDetail;
  const share = detail.comprehension;
  expect(share?.known_percent).toBeGreaterThan(0);
  expect(share?.known_percent).toBeLessThan(100);

  await page.reload();
  const sentence = `You know ${share?.known_percent} % of this story's words; ${share?.new_words} are new`;
  await expect(card.getByText(`You know ${share?.known_percent} %`, { exact: true })).toBeVisible();
  await expect(card.getByText(sentence)).toBeAttached();
  // Above the specification's sections, the story within reach, and not the other.
  const justRight = page.getByRole('region', { name: 'Just right for you' });
  await expect(justRight.getByRole('link', { name: easy })).toBeVisible();
  await expect(justRight.getByText("You know 95 % of this story's words; 1 is new")).toBeAttached();
  await expect(justRight.getByRole('link', { name: title })).toHaveCount(0);
  await justRight.scrollIntoViewIfNeeded();
  await screenshot(page, 'comprehension-just-right-360');
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'comprehension-card-360');

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(sentence)).toBeAttached();
  const rows = page.getByRole('listitem').filter({ hasText: /^Chapter \d/ });
  for (const [index, chapter] of detail.chapters.entries()) {
    const mine = chapter.comprehension;
    expect(mine).not.toBeNull();
    await expect(
      rows.nth(index).getByText(`You know ${mine?.known_percent} %`, { exact: true }),
    ).toBeVisible();
  }
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'comprehension-story-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'comprehension-story-1280');
});
