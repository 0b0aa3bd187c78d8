import { expect } from '@playwright/test';
import { decodeQuotedPrintable } from '../../server/testing/mime.ts';
import { caughtMail } from './smtp.ts';
import { BUDGET } from './time.ts';

/** The `count`-th message caught for an address, decoded, once it has arrived. */
export async function mailFor(address: string, count = 1): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup starts the SMTP catcher.');
  await expect
    .poll(() => caughtMail(dir, address).length, {
      message: `mail for ${address}`,
      timeout: BUDGET.serverWork,
    })
    .toBeGreaterThanOrEqual(count);
  return decodeQuotedPrintable(caughtMail(dir, address)[count - 1] ?? '');
}

/** The link to the web app's /signin/verify in a mail (a sign-in, or the confirmation of a new address). */
export function linkIn(mail: string): string {
  const link = mail.match(/https?:\/\/[^\s"'<>]+\/signin\/verify\?[^\s"'<>]+/)?.[0];
  if (!link) throw new Error(`No sign-in link in the mail:\n${mail}`);
  return link.replaceAll('&amp;', '&');
}

/** The 6-digit code in a mail. */
export function codeIn(mail: string): string {
  const code = mail.match(/enter this code: (\d{6})/)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail:\n${mail}`);
  return code;
}
