import { gzipSync } from 'node:zlib';
import { createAccount } from './support/accounts.ts';
import { accessToken, signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';
import { BUDGET } from './support/time.ts';

/** A small French dump in the wiktextract shape: an adjective with its forms, a noun, and a German line. */
function frenchDump(): Buffer {
  const entries = [
    {
      word: 'gratuit',
      pos: 'adj',
      lang_code: 'fr',
      senses: [
        {
          glosses: ['free (of charge)'],
          examples: [{ text: 'Le concert est gratuit.', translation: 'The concert is free.' }],
        },
      ],
      forms: [
        { form: 'gratuite', tags: ['feminine', 'singular'] },
        { form: 'gratuits', tags: ['masculine', 'plural'] },
        { form: 'gratuites', tags: ['feminine', 'plural'] },
      ],
    },
    {
      word: 'phare',
      pos: 'noun',
      lang_code: 'fr',
      senses: [{ glosses: ['lighthouse'] }],
      forms: [{ form: 'phares', tags: ['plural'] }],
    },
    { word: 'Leuchtturm', pos: 'noun', lang_code: 'de', senses: [{ glosses: ['lighthouse'] }] },
  ];
  return gzipSync(entries.map((entry) => JSON.stringify(entry)).join('\n'));
}

test('an admin previews and imports a dictionary from the translations tab, and the lookup finds inflected words', async ({
  page,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const email = uniqueAddress('dictionary');
  await createAccount(email, 'Dora Dict', { isAdmin: true });
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin?tab=translations');
  await page.getByRole('combobox', { name: 'Source language' }).click();
  await page.getByRole('option', { name: 'French (fr)' }).click();
  await page.getByRole('combobox', { name: 'Target language' }).click();
  await page.getByRole('option', { name: 'English (en)' }).click();
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText(/Wiktextract JSON\(\.gz\)/);
  await expect(
    page.getByText('Expected: one entry per line (wiktextract dump). Upload per language pair.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'fr-en.jsonl.gz', mimeType: 'application/gzip', buffer: frenchDump() });

  await page.getByRole('button', { name: 'Preview' }).click();
  const result = page.getByLabel('Result');
  await expect(result).toHaveValue(/"action": "preview"/);
  await expect(result).toHaveValue(/"entries": 2/);
  await expect(result).toHaveValue(/"reason": "language de, not fr"/);
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('button', { name: 'Import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Import Translations' });
  await confirm.getByRole('button', { name: 'Import' }).click();
  await expect(result).toHaveValue(/"status": "succeeded"/, { timeout: BUDGET.serverWork });
  await expect(result).toHaveValue(/"entries": 2/);
  await expect(
    page.getByRole('region', { name: /Recent imports/ }).getByText('fr-en.jsonl.gz'),
  ).toBeVisible();
  await screenshot(page, 'admin-translations-1280');

  const token = await accessToken(page);
  const lookup = await page.request.get('/api/dict/lookup/?language=fr&surface=%C2%ABgratuites%C2%BB', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await lookup.json()).toMatchObject({
    found: true,
    lemma: 'gratuit',
    pos: 'adj',
    form: 'feminine plural of gratuit',
    translations: [{ gloss: 'free (of charge)', example: 'Le concert est gratuit. — The concert is free.' }],
  });

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-translations-360');
  await expectNoSeriousAxeViolation(page);
});
