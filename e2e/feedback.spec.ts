import { createAccount } from './support/accounts.ts';
import { signInWithCode, uniqueAddress } from './support/admin.ts';
import { expectNoSeriousAxeViolation, expectNoSidewaysScroll } from './support/checks.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshots.ts';

test('a learner sends feedback from their account and sees the thank-you screen', async ({ page }) => {
  const email = uniqueAddress('feedback');
  await createAccount(email, 'Fede Back');
  await signInWithCode(page, email);
  await page.setViewportSize({ width: 360, height: 800 });

  await page.goto('/account');
  await page.getByRole('link', { name: /Feedback/ }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Submit Feedback' })).toBeDisabled();
  await page.getByLabel('Your feedback').fill('The word panel is great. More French stories, please!');
  await expectNoSidewaysScroll(page, 360);
  await expectNoSeriousAxeViolation(page);
  await screenshot(page, 'feedback-360');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeFocused();
  await expect(
    page.getByText('We appreciate you taking the time to share your thoughts with us.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
