// The account a learner owns (issue 20): changing the address through the real mail flow, taking the data,
// deleting the account, and the devices list, each as a person does it on /account.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, sessionOnAnotherDevice } from './support/accounts.ts';
import { accessToken, signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { linkIn, mailFor } from './support/mail.ts';
import { screenshot } from './support/screenshots.ts';
import { BUDGET } from './support/time.ts';

/** A confirmed learner, signed in through the code in the mail; ends on / signed in. */
async function signedInLearner(page: Page, label: string, name: string) {
  const address = uniqueAddress(label);
  await createAccount(address, name);
  await signInWithCode(page, address);
  return address;
}

/** What the API answers a token and its refresh token now. */
async function apiAnswers(page: Page, token: string) {
  const response = await page.request.get('/api/me/subscription/', {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

test('a learner changes the address by its link, downloads the data, deletes the account, and the old session is refused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const oldAddress = await signedInLearner(page, 'mover', 'Rosa Díaz');
  const newAddress = uniqueAddress('moved');

  // Changing the address: the link goes to the new one, a notice to the old.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await page.getByLabel('New e-mail address').fill(newAddress);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newAddress}.`)).toBeVisible();
  await expectNoSidewaysScroll(page, 360);
  await screenshot(page, 'account-email-change-360');
  const notice = await mailFor(oldAddress, 2);
  expect(notice).toContain(newAddress);
  await page.goto(linkIn(await mailFor(newAddress)));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  await expect(page.getByText(newAddress, { exact: true })).toBeVisible();
  const token = await accessToken(page);

  // Taking the data: one JSON file with the account as it is now.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^catamaran-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as {
    profile: { email: string; user_metadata: { full_name?: string } };
  };
  expect(exported.profile.email).toBe(newAddress);
  expect(exported.profile.user_metadata.full_name).toBe('Rosa Díaz');

  // Deleting the account: the address must be typed before the button works.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type your e-mail address to confirm').fill(oldAddress);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type your e-mail address to confirm').fill(newAddress);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'account-delete-360');
  await confirm.click();
  await expect(page.getByRole('dialog', { name: 'Account deleted' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await mailFor(newAddress, 2)).toMatch(/deleted/i);

  // The token from before is refused (it has most of its hour left), within the 10 s the session check allows.
  await expect.poll(() => apiAnswers(page, token), { timeout: BUDGET.serverWork }).toBe(401);
});

test('signing out everywhere else ends the other device, which is led to sign in again', async ({
  page,
  browser,
}) => {
  const address = await signedInLearner(page, 'two-devices', 'Malik Chen');
  const phoneAgent =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 }, userAgent: phoneAgent });
  const phonePage = await phone.newPage();
  try {
    // The phone holds a session of its own, kept where the auth client keeps it.
    const session = await sessionOnAnotherDevice(
      String(test.info().project.use.baseURL),
      address,
      phoneAgent,
    );
    await phone.addInitScript((stored) => {
      if (!window.localStorage.getItem('catamaran-auth'))
        window.localStorage.setItem('catamaran-auth', stored);
    }, JSON.stringify(session));
    await phonePage.goto('/account');
    await expect(phonePage.getByRole('heading', { name: 'Your Account' })).toBeVisible();

    await page.goto('/account');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByText('This device')).toBeVisible();
    await expect(devices.getByText('Chrome on Android')).toBeVisible();
    await expect(devices.getByRole('button', { name: /, last used/ })).toHaveCount(1);
    await screenshot(page, 'account-devices-1280');
    await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(devices.getByRole('button', { name: /, last used/ })).toHaveCount(0);

    // The phone still holds a token with most of its hour left; within 10 s the API refuses it, and the app
    // signs out there and asks to sign in.
    await expect(async () => {
      await phonePage.goto('/account');
      await expect(phonePage).toHaveURL(/\/signin/, { timeout: BUDGET.expect });
    }).toPass({ timeout: BUDGET.serverWork });
    // This device is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  } finally {
    await phone.close();
  }
});
