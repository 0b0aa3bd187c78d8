// The word panel's header (the word, its speaker, Close) stays where it is while the dictionary's answer
// arrives (decision 100): on a phone the panel was a bottom sheet that grew upward as the answer came in, and a
// finger about to tap the speaker or Close tapped the answer instead (the CI flake of e2e/speech.spec.ts).
import type { Locator, Page, Route } from '@playwright/test';
import type { LookupResult } from '#common/schemas/dictionary.ts';
import { createAccount, signInWithoutMail } from './support/accounts.ts';
import { uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { createStory } from './support/stories.ts';

// Words of the demo Spanish dictionary (server/db/demo/es-en.jsonl), and one it lacks (Zorbaz).
const CHAPTER =
  'La niña camina por la playa con Zorbaz. Su amigo habló con el mar, y el mar no dijo nada.\n\n' +
  'Llega la noche. La luz del faro es grande.';

type Box = { x: number; y: number; width: number; height: number };

/**
 * Every lookup held until the test lets it go, as a busy server answers late; `answer` rewrites what the
 * server said before it reaches the page.
 */
async function holdLookups(page: Page, answer?: (result: LookupResult) => LookupResult) {
  let release = () => {};
  let held = Promise.resolve();
  await page.route('**/api/dict/lookup/**', async (route: Route) => {
    const waitFor = held;
    await waitFor;
    if (!answer) return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, json: answer((await response.json()) as LookupResult) });
  });
  return {
    hold() {
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
  };
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on the screen.`);
  return box;
}

/** Where the header's parts are: the word and Close. */
async function headerBoxes(panel: Locator): Promise<Record<'word' | 'close', Box>> {
  return {
    word: await boxOf(panel.getByRole('heading', { level: 2 })),
    close: await boxOf(panel.getByRole('button', { name: 'Close word details' })),
  };
}

/** Each box where it was, to the pixel (a subpixel of rounding allowed). */
function expectStill(after: Record<string, Box>, before: Record<string, Box>) {
  for (const [name, box] of Object.entries(before)) {
    const now = after[name];
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect
        .soft(Math.abs((now?.[side] ?? Number.NaN) - box[side]), `${name}'s ${side}`)
        .toBeLessThanOrEqual(1);
    }
  }
}

/** A tapped word's panel, before and after its answer: the header must not move. */
async function tapAndExpectStill(page: Page, lookups: { hold(): void; release(): void }, word: string) {
  const panel = page.getByRole('complementary', { name: 'Word details' });
  lookups.hold();
  const tapped = page.getByRole('group', { name: 'Chapter text' }).getByText(word, { exact: true });
  // As a reader would: the word scrolled up to a little under the page's header, above the sheet of a phone.
  await tapped.evaluate((element) =>
    window.scrollBy({ top: element.getBoundingClientRect().top - 120, behavior: 'instant' }),
  );
  await tapped.click();
  await expect(panel.getByRole('heading', { name: word })).toBeVisible();
  await expect(panel.getByText('Loading translation...')).toBeVisible();
  const loading = await headerBoxes(panel);
  const known = await boxOf(panel.getByRole('button', { name: 'Known' }));
  lookups.release();
  await expect(panel.getByText('Saved to your words')).toBeVisible();
  await expect(panel.getByText('Loading translation...')).toHaveCount(0);
  const answered = await headerBoxes(panel);
  console.info(
    `${page.viewportSize()?.width} px, ${word}: the word's top ${loading.word.y} → ${answered.word.y} px, ` +
      `Close's ${loading.close.y} → ${answered.close.y} px`,
  );
  expectStill(answered, loading);
  // The status buttons too: a finger on its way to Known finds it where it was.
  expectStill({ known: await boxOf(panel.getByRole('button', { name: 'Known' })) }, { known });
  return panel;
}

/** A story of its own and a learner of their own, reading it at this size. */
async function openChapter(page: Page, size: { width: number; height: number }, label: string) {
  const { storyId, chapterIds } = await createStory({
    language: 'es',
    title: `La playa ${label} ${Date.now()}`,
    chapters: [{ title: 'La playa', content: CHAPTER }],
  });
  const email = uniqueAddress(`word-panel-${label}`);
  await createAccount(email, 'Paula Panel');
  await signInWithoutMail(page, email);
  await page.setViewportSize(size);
  await page.goto(`/read/${storyId}/${chapterIds[0]}`);
  await expect(page.getByRole('group', { name: 'Chapter text' })).toBeVisible();
}

/** A long entry ("set", "run"): twelve senses, each with a definition and an example. */
function longAnswer(result: LookupResult): LookupResult {
  const sense = result.translations[0];
  if (!sense) throw new Error('The demo dictionary has no sense for this word.');
  return {
    ...result,
    translations: Array.from({ length: 12 }, (_, index) => ({
      ...sense,
      gloss: `${sense.gloss} (sense ${index + 1})`,
      definition: `A longer definition of sense ${index + 1}, as a full dictionary gives it, on two lines.`,
      example: `An example of sense ${index + 1} in a whole sentence.`,
    })),
  };
}

for (const size of [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width} px the panel's header stays still while the answer arrives, short or long`, async ({
    page,
  }) => {
    test.slow(); // four lookups, each held and let go, and axe in two themes
    await openChapter(page, size, String(size.width));
    // habló: an inflected form with its lemma and translations, and a recording, so its speaker may come only
    // with the answer (Chromium here has no voice); Zorbaz: not in the dictionary; Llega: a long answer.
    const lookups = await holdLookups(page, (result) => {
      if (result.lemma === 'hablar') return { ...result, audio_url: '/media/hablar.ogg' };
      return result.lemma === 'llegar' ? longAnswer(result) : result;
    });
    const found = await tapAndExpectStill(page, lookups, 'habló');
    await expect(found.getByRole('button', { name: 'Hear “habló”' })).toBeVisible();
    // The status buttons in one row, even at 360 px: the room the answer has in the panel's fixed height.
    const first = await boxOf(found.getByRole('button', { name: 'Learning, level 1' }));
    const lastButton = await boxOf(found.getByRole('button', { name: 'Ignored' }));
    expect(Math.abs(lastButton.y - first.y)).toBeLessThanOrEqual(1);
    await tapAndExpectStill(page, lookups, 'Zorbaz');
    await expect(page.getByText('Word not found in dictionary')).toBeVisible();

    // A long answer scrolls inside the panel, from the keyboard too: the header and the status buttons stay.
    const panel = await tapAndExpectStill(page, lookups, 'Llega');
    const before = await headerBoxes(panel);
    const entry = panel.getByRole('region', { name: 'Dictionary entry' });
    const last = panel.getByText('An example of sense 8 in a whole sentence.');
    await expect(last).not.toBeInViewport();
    await entry.focus();
    await page.keyboard.press('End');
    await expect(last).toBeInViewport();
    expectStill(await headerBoxes(panel), before);
    await expect(panel.getByRole('button', { name: 'Known' })).toBeInViewport();
    await expectNoSidewaysScroll(page, size.width);
    await expectNoSeriousAxeViolation(page);

    // The next word's answer is read from its top.
    await tapAndExpectStill(page, lookups, 'noche');
    expect(await entry.evaluate((element) => element.scrollTop)).toBe(0);
  });
}
