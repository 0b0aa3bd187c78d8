import { plural } from '#common/plural.ts';
import { escapeHtml } from './html.ts';
import type { MailMessage } from './mailer.ts';

/** How long a link and its code last: 'for 1 minute', 'for 60 minutes'. */
function lasting(minutes: number): string {
  return `The link and the code work once, for ${plural(minutes, { one: 'minute', other: 'minutes' })}.`;
}

const IGNORE_IF_NOT_ASKED =
  'If you did not ask for this e-mail, you can ignore it: nothing happens until the link is opened.';

function layout(title: string, body: string, footer = IGNORE_IF_NOT_ASKED): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f0fdfa;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:480px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:700;color:#0e7490;margin:0 0 24px">Catamaran</p>
${body}
<p style="font-size:13px;color:#64748b;margin-top:32px">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** The sign-in (or sign-up) e-mail: the link, the 6-digit code, and how long they last. */
export function signInMessage(options: {
  to: string;
  link: string;
  code: string;
  minutes: number;
  isNewAccount: boolean;
}): MailMessage {
  const action = options.isNewAccount ? 'finish creating your account' : 'sign in';
  const subject = options.isNewAccount ? 'Confirm your Catamaran account' : 'Your Catamaran sign-in link';
  const text = [
    `Open this link to ${action}:`,
    '',
    options.link,
    '',
    `Or enter this code: ${options.code}`,
    '',
    lasting(options.minutes),
  ].join('\n');
  const html = layout(
    subject,
    `<p style="font-size:16px;line-height:1.5">Open this link to ${action}:</p>
<p style="margin:24px 0"><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#0e7490;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${options.isNewAccount ? 'Confirm my account' : 'Sign in to Catamaran'}</a></p>
<p style="font-size:16px;line-height:1.5">Or enter this code: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(options.code)}</strong></p>
<p style="font-size:14px;color:#475569">${lasting(options.minutes)}</p>`,
  );
  return { to: options.to, subject, text, html };
}

/** Sent when someone asks to sign in with an address that has no account: it says so, and where to sign up. */
export function noAccountMessage(options: { to: string; signUpUrl: string }): MailMessage {
  const subject = 'Sign-in attempt on Catamaran';
  const text = [
    'Someone, probably you, asked to sign in to Catamaran with this address, but there is no account for it yet.',
    '',
    `Create one here: ${options.signUpUrl}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p style="font-size:16px;line-height:1.5">Someone, probably you, asked to sign in to Catamaran with this address, but there is no account for it yet.</p>
<p style="margin:24px 0"><a href="${escapeHtml(options.signUpUrl)}" style="display:inline-block;background:#0e7490;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">Create my account</a></p>`,
  );
  return { to: options.to, subject, text, html };
}

function linkButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0e7490;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${escapeHtml(label)}</a></p>`;
}

/** To the new address of an e-mail change: the link (and code) that confirm it, and how long they last. */
export function emailChangeMessage(options: {
  to: string;
  link: string;
  code: string;
  minutes: number;
}): MailMessage {
  const subject = 'Confirm your new Catamaran e-mail address';
  const text = [
    'Open this link to use this address for your Catamaran account:',
    '',
    options.link,
    '',
    `Or enter this code: ${options.code}`,
    '',
    `${lasting(options.minutes)} Until then, your account keeps its old address.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p style="font-size:16px;line-height:1.5">Open this link to use this address for your Catamaran account:</p>
${linkButton(options.link, 'Confirm my new address')}
<p style="font-size:16px;line-height:1.5">Or enter this code: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(options.code)}</strong></p>
<p style="font-size:14px;color:#475569">${lasting(options.minutes)} Until then, your account keeps its old address.</p>`,
  );
  return { to: options.to, subject, text, html };
}

/** To the current address of an e-mail change: what was asked, and what to do if it was not the learner. */
export function emailChangeNoticeMessage(options: {
  to: string;
  newEmail: string;
  accountUrl: string;
}): MailMessage {
  const subject = 'Your Catamaran e-mail address is being changed';
  const asked = `Someone signed in to your Catamaran account asked to change its address to ${options.newEmail}. The change happens only when the link sent to that address is opened.`;
  const notYou =
    'If this was not you, open your account, sign out everywhere else and ask for a new sign-in link:';
  const text = [asked, '', notYou, options.accountUrl].join('\n');
  const html = layout(
    subject,
    `<p style="font-size:16px;line-height:1.5">${escapeHtml(asked)}</p>
<p style="font-size:16px;line-height:1.5">${escapeHtml(notYou)}</p>
${linkButton(options.accountUrl, 'Open my account')}`,
  );
  return { to: options.to, subject, text, html };
}

/** After an account is deleted: what went, what Stripe keeps, and that nothing more needs doing. */
export function accountDeletedMessage(options: {
  to: string;
  cancelledSubscription: boolean;
  signUpUrl: string;
}): MailMessage {
  const subject = 'Your Catamaran account has been deleted';
  const done =
    'Your Catamaran account and everything kept with it have been deleted: your profile, reading progress, points, saved words, reading days and goals, feedback, narrator applications and videos, and every signed-in device.';
  const billing = options.cancelledSubscription
    ? 'Your Pro subscription was cancelled at once, and you will not be charged again. Stripe keeps its own record of your past payments, as the law requires.'
    : '';
  const again = 'You are welcome back at any time, with a new account:';
  const text = [done, '', ...(billing ? [billing, ''] : []), again, options.signUpUrl].join('\n');
  const html = layout(
    subject,
    `<p style="font-size:16px;line-height:1.5">${escapeHtml(done)}</p>
${billing ? `<p style="font-size:16px;line-height:1.5">${escapeHtml(billing)}</p>\n` : ''}<p style="font-size:16px;line-height:1.5">${escapeHtml(again)}</p>
${linkButton(options.signUpUrl, 'Create a new account')}`,
    'This e-mail confirms a deletion asked for while signed in to the account; it cannot be undone.',
  );
  return { to: options.to, subject, text, html };
}
