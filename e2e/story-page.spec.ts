import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { accessToken, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { createStory } from './support/stories.ts';

const CHAPTERS = [
  { title: 'Uno', content: 'La gata mira la luna desde el tejado.' },
  { title: 'Dos', content: 'La luna sonríe a la gata.' },
  { title: 'Tres', content: 'La gata duerme y sueña con la luna.' },
];

// Issue 23: the story page's one action to read on, by what the learner has finished.
test('the story page starts the reading, continues it at the first unfinished chapter, and offers it again', async ({
  page,
}) => {
  const title = `La gata y el tejado ${Date.now()}`;
  const { storyId, chapterIds } = await createStory({ language: 'es', title, chapters: CHAPTERS });
  const [one, two, three] = chapterIds as [number, number, number];
  const email = uniqueAddress('story-page');
  await createAccount(email, 'Stella Story');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });
  const markRead = async (chapterId: number) => {
    const response = await page.request.post(`/api/chapters/${chapterId}/mark-read/`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { words_read: 8, completion_percentage: 100, time_spent: 0 },
    });
    expect(response.status()).toBe(200);
  };

  // Nothing finished: 'Start reading' opens the first chapter.
  await page.goto(`/story/${storyId}`);
  const start = page.getByRole('link', { name: 'Start reading' });
  await expect(start).toBeVisible();
  await expect(page.getByText('Chapter 1: Uno')).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'story-start-360');
  await start.click();
  await expect(page.getByRole('heading', { name: 'Chapter 1: Uno' })).toBeVisible();

  // The first and the third finished: 'Continue' opens the second, the first unfinished in the story's order.
  await markRead(one);
  await markRead(three);
  await page.goto(`/story/${storyId}`);
  const next = page.getByRole('link', { name: 'Continue' });
  await expect(next).toHaveAttribute('href', `/read/${storyId}/${two}`);
  await expect(page.getByRole('link', { name: 'Start reading' })).toHaveCount(0);
  await expect(page.getByText('Chapter 2: Dos')).toBeVisible();
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Chapter 2: Dos' })).toBeVisible();

  // All finished: 'Read again' from the first.
  await markRead(two);
  await page.goto(`/story/${storyId}`);
  await expect(page.getByText('✓ Story Complete')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read again' })).toHaveAttribute(
    'href',
    `/read/${storyId}/${one}`,
  );
  await expectNoSeriousAxeViolation(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'story-read-again-1280');
});

// Issue 23, rough edge 10: a Pro story's chapters said nothing of the lock to a learner without Pro.
test('a free learner sees a lock on each chapter of a Pro story, and no button to start it', async ({
  page,
}) => {
  const { storyId } = await createStory({
    language: 'es',
    title: `El faro ${Date.now()}`,
    isFree: false,
    chapters: CHAPTERS.slice(0, 2),
  });
  const email = uniqueAddress('story-locked');
  await createAccount(email, 'Frida Free');
  await signInWithoutMail(page, email);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto(`/story/${storyId}`);
  await expect(page.getByRole('region', { name: 'This story is for Pro members' })).toBeVisible();
  const chapters = page.getByRole('region', { name: 'Chapters' }).getByRole('link');
  await expect(chapters).toHaveCount(2);
  for (const chapter of await chapters.all()) {
    await expect(chapter.getByRole('img', { name: 'Locked: Pro only' })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^(Start reading|Continue|Read again)$/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'story-locked-chapters-360');
});
