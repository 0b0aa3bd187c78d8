// The reader knows what the learner knows (issue 22): looked-up words turn learning, a status chosen in the
// panel marks every occurrence, Mark as Read makes the rest known, and the next chapter shows it all, an
// inflected word following its lemma.
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

// Words of the demo Spanish dictionary (server/db/demo/es-en.jsonl): habló and habla are forms of hablar.
const FIRST = 'La niña habló con el mar. El mar no habló.';
const SECOND = 'La niña habla con el perro en la playa.';

test('a learner marks words as they read, and the next chapter knows them', async ({ page }) => {
  test.slow(); // two chapters, a dozen marks
  const { storyId, chapterIds } = await createStory({
    language: 'es',
    title: 'La niña y el mar',
    chapters: [
      { title: 'El mar', content: FIRST },
      { title: 'La playa', content: SECOND },
    ],
  });
  const email = uniqueAddress('statuses');
  await createAccount(email, 'Sara Status');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/read/${storyId}/${chapterIds[0]}`);
  const text = page.getByRole('group', { name: 'Chapter text' });
  const word = (written: string) => text.getByText(written, { exact: true });
  // Every word is new: marked, none with a status.
  await expect(text).toHaveAttribute('data-marks', '');
  await expect(word('niña')).not.toHaveAttribute('data-s');

  // A lookup makes the word learning (1), both times it appears.
  await word('habló').first().click();
  const panel = page.getByRole('complementary', { name: 'Word details' });
  await expect(panel.getByText('Learning (1)')).toBeVisible();
  await expect(word('habló').nth(0)).toHaveAttribute('data-s', '1');
  await expect(word('habló').nth(1)).toHaveAttribute('data-s', '1');
  await expect(panel.getByText('Saved to your words')).toBeVisible();

  // The panel's buttons and keys change it, everywhere at once.
  await panel.getByRole('button', { name: 'Learning, level 3' }).click();
  await expect(word('habló').nth(1)).toHaveAttribute('data-s', '3');
  await word('niña').click();
  await expect(panel.getByRole('heading', { name: 'niña' })).toBeVisible();
  await page.keyboard.press('k');
  await expect(panel.getByRole('button', { name: 'Known' })).toHaveAttribute('aria-pressed', 'true');
  await expect(word('niña')).toHaveAttribute('data-s', 'k');
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'reader-statuses-390');

  // The marks can be hidden.
  await page.getByRole('switch', { name: 'Word marks' }).click();
  await expect(text).not.toHaveAttribute('data-marks');
  await page.getByRole('switch', { name: 'Word marks' }).click();
  await page.keyboard.press('Escape');

  // Mark as Read makes the remaining new words known, and says how many.
  await page.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(page.getByText(/^\d+ new words? (is|are) now known\.$/)).toBeVisible();
  await expect(word('mar').first()).toHaveAttribute('data-s', 'k');
  await expect(word('habló').first()).toHaveAttribute('data-s', '3');

  // The next chapter: habla is hablar's (learning 3), el and la known, perro and playa new.
  await page.getByRole('button', { name: 'Next Chapter: La playa' }).click();
  await expect(page.getByRole('heading', { name: 'Chapter 2: La playa' })).toBeVisible();
  await expect(word('habla')).toHaveAttribute('data-s', '3');
  await expect(word('niña')).toHaveAttribute('data-s', 'k');
  await expect(word('con')).toHaveAttribute('data-s', 'k');
  await expect(word('perro')).not.toHaveAttribute('data-s');
  await expectNoSidewaysScroll(page, 390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'reader-statuses-1280');
});
