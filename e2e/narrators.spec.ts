import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';

/** The smallest MP4 the server's byte check takes: an ftyp box, then some media data. */
function sampleMp4(): Buffer {
  return Buffer.concat([
    Buffer.from('00000018667479706973736f0000020069736f6d6d703431', 'hex'),
    Buffer.alloc(64 * 1024),
  ]);
}

test('an applicant applies in Spanish, is sent on to the dashboard, and uploads a sample video', async ({
  page,
}) => {
  const email = uniqueAddress('narrator');
  await createAccount(email, 'Lucía Fernández');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto('/apply');
  await page.getByRole('radio', { name: 'Español (Spanish)' }).check();
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Lucía Fernández');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await page.getByRole('textbox', { name: /Ciudad y país/ }).fill('Sevilla, España');
  await page.getByRole('textbox', { name: 'Lenguas maternas' }).fill('Español');
  await page
    .getByRole('textbox', { name: 'Experiencia laboral' })
    .fill('Locutora de radio durante seis años.');
  for (const group of await page.getByRole('radiogroup').all()) {
    const yes = group.getByRole('radio', { name: 'Sí' });
    if (await yes.count()) await yes.check();
  }
  await page.getByRole('radio', { name: /10 a 20 horas/ }).check();
  await page.getByRole('textbox', { name: /Catamaran/ }).fill('Me encanta leer en voz alta.');
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'apply-es-360');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();

  await expect(page.getByText('¡Solicitud enviada! Te contactaremos por correo electrónico.')).toBeVisible();
  // The next step is named, in the form's language, with the way to it.
  await expect(page.getByRole('link', { name: 'Enviar mi video de muestra' })).toHaveAttribute(
    'href',
    `/submit-video?email=${encodeURIComponent(email)}`,
  );
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/submit-video?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Submit your sample video' })).toBeVisible();
  await page.getByLabel('Video file').setInputFiles({
    name: 'muestra de Lucía.mp4',
    mimeType: 'video/mp4',
    buffer: sampleMp4(),
  });
  await expect(page.getByText(/Selected: muestra de Lucía\.mp4/)).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'submit-video-360');
  await page.getByRole('button', { name: 'Upload Video' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Upload successful. Thank you!' })).toBeVisible();
});

test("a visitor who has not applied is told 'Not authorized', and led to apply first", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/submit-video');
  await page.getByLabel(/^Email/).fill(uniqueAddress('stranger'));
  await page
    .getByLabel('Video file')
    .setInputFiles({ name: 'me.mp4', mimeType: 'video/mp4', buffer: sampleMp4() });
  await page.getByRole('button', { name: 'Upload Video' }).click();

  await expect(page.getByRole('alert')).toContainText('Not authorized');
  // The browser logs the refused start call (403); that is what this test expects.
  consoleErrors.length = 0;
  await page.getByRole('alert').getByRole('link', { name: 'Apply first' }).click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
});

test('an admin reads the application, marks it contacted and downloads the video', async ({
  page,
  browser,
}) => {
  test.slow(); // a long journey: three times the one-test budget (e2e/support/time.ts)
  const applicant = uniqueAddress('reviewed');
  // A context of its own (axe reads a page of a context made by newContext), signed out.
  const applicantContext = await browser.newContext();
  const applicantPage = await applicantContext.newPage();
  await applicantPage.goto('/apply');
  await applicantPage.getByRole('textbox', { name: 'Full name' }).fill('Zoé Martin');
  await applicantPage.getByRole('textbox', { name: /Email/ }).fill(applicant);
  await applicantPage.getByRole('textbox', { name: /City and country/ }).fill('Lyon, France');
  await applicantPage.getByRole('textbox', { name: /Native languages/ }).fill('French');
  await applicantPage
    .getByRole('textbox', { name: /experience/i })
    .first()
    .fill('Theatre actor for ten years.');
  for (const group of await applicantPage.getByRole('radiogroup').all()) {
    const yes = group.getByRole('radio', { name: 'Yes' });
    if (await yes.count()) await yes.check();
  }
  await applicantPage.getByRole('radio', { name: 'More than 20 hours' }).check();
  await applicantPage.getByRole('textbox', { name: /Catamaran/ }).fill('I love reading aloud.');
  await applicantPage.getByRole('button', { name: 'Submit Application' }).click();
  await expect(applicantPage.getByText('Application submitted! We will contact you by email.')).toBeVisible();
  // Signed out, the spec's redirect to the dashboard ends on Sign In: it says the application is in, and what
  // comes next, with the address filled in on the way there.
  const received = applicantPage.getByRole('region', { name: 'Your narrator application was received.' });
  await expect(received).toBeVisible();
  await expect(applicantPage).toHaveURL(/\/signin$/);
  await expect(applicantPage.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await applicantPage.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(applicantPage, 360);
  await expectNoSeriousAxeViolation(applicantPage);
  await screenshot(applicantPage, 'signin-after-apply-360');
  await received.getByRole('link', { name: 'Send your sample video' }).click();
  await expect(applicantPage).toHaveURL(/\/submit-video\?email=/);
  await expect(applicantPage.getByLabel(/^Email/)).toHaveValue(applicant);
  await applicantPage
    .getByLabel('Video file')
    .setInputFiles({ name: 'zoe.mp4', mimeType: 'video/mp4', buffer: sampleMp4() });
  await applicantPage.getByRole('button', { name: 'Upload Video' }).click();
  await expect(applicantPage.getByText('Upload successful. Thank you!')).toBeVisible();
  await applicantContext.close();

  const admin = uniqueAddress('teachers-admin');
  await createAccount(admin, 'Ada Admin', { isAdmin: true });
  await signInWithCode(page, admin);
  await page.goto('/admin?tab=teachers');
  await page
    .getByRole('button', { name: /^Zoé Martin/ })
    .first()
    .click();
  const contacted = page.getByRole('checkbox', { name: 'Contacted' });
  await expect(contacted).not.toBeChecked();
  await expect(page.getByRole('link', { name: applicant })).toHaveAttribute('href', `mailto:${applicant}`);
  await expect(page.getByText('Theatre actor for ten years.')).toBeVisible();
  // The applicant's video is in the application's detail, with its Download.
  const sampleVideos = page.getByRole('region', { name: 'Sample videos (1)' });
  await expect(sampleVideos.getByText('zoe.mp4')).toBeVisible();
  await expect(sampleVideos.getByRole('button', { name: 'Download zoe.mp4' })).toBeVisible();
  await contacted.check();
  await expect(contacted).toBeChecked();
  await page.reload();
  await page
    .getByRole('button', { name: /^Zoé Martin/ })
    .first()
    .click();
  await expect(page.getByRole('checkbox', { name: 'Contacted' })).toBeChecked();
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'admin-teachers-applications');

  await page.getByRole('tab', { name: 'Videos' }).click();
  const row = page.getByRole('row').filter({ hasText: applicant });
  await expect(row.getByText('0.1 MB')).toBeVisible();
  // The download starts in the new tab; its listener is attached as the tab opens, so it cannot miss it.
  const downloaded = new Promise<Download>((resolve) =>
    page.context().once('page', (tab) => tab.once('download', resolve)),
  );
  await row.getByRole('button', { name: 'Download zoe.mp4' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('zoe.mp4');
  expect(readFileSync(await download.path()).equals(sampleMp4())).toBe(true);
  await screenshot(page, 'admin-teachers-videos');

  // On a phone, the list and the answers take turns.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 360);
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page
    .getByRole('button', { name: /^Zoé Martin/ })
    .first()
    .click();
  await expect(page.getByRole('checkbox', { name: 'Contacted' })).toBeChecked();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'admin-teachers-360');
  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(page.getByRole('button', { name: /^Zoé Martin/ }).first()).toBeFocused();
});
