import { describe, expect, it } from 'vitest';
import { emailChangeMessage, signInMessage } from './messages.ts';

const link = { to: 'ana@example.com', link: 'https://catamaran.test/auth', code: '123456' };

describe('how long a link lasts, as the e-mails say it', () => {
  it('says minutes in the plural, and one minute in the singular', () => {
    const sixty = signInMessage({ ...link, minutes: 60, isNewAccount: false });
    expect(sixty.text).toContain('The link and the code work once, for 60 minutes.');
    const one = signInMessage({ ...link, minutes: 1, isNewAccount: true });
    expect(one.text).toContain('The link and the code work once, for 1 minute.');
    expect(one.html).toContain('The link and the code work once, for 1 minute.');
    expect(emailChangeMessage({ ...link, minutes: 1 }).text).toContain(
      'for 1 minute. Until then, your account keeps its old address.',
    );
  });
});
