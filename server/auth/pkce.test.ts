import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '#server/mail/mailer.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { verifierMatches } from './pkce.ts';

const SITE = 'http://localhost:3000';
const inbox: MailMessage[] = [];
const t = setupTestApp({ app: { mailer: { send: async (message) => void inbox.push(message) } } });
let authUrl = '';
beforeAll(async () => {
  authUrl = await listenForAuth(t.app);
});

let sequence = 0;
const newAddress = () => `pkce${++sequence}-${Date.now()}@example.com`;

async function linkTokenFor(address: string): Promise<string> {
  await expect
    .poll(() => inbox.some((mail) => mail.to === address), { timeout: SERVER_WORK_TIMEOUT })
    .toBe(true);
  const mail = inbox.filter((message) => message.to === address).at(-1) as MailMessage;
  return new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('token_hash') ?? '';
}

/** Opens GoTrue's own verify link the way a browser would, without following the redirect. */
async function openGoTrueLink(token: string, redirectTo = `${SITE}/dashboard`) {
  const url = `${authUrl}/verify?${new URLSearchParams({ token, type: 'magiclink', redirect_to: redirectTo })}`;
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? '') };
}

describe('GET /verify', () => {
  it('answers the implicit flow with a 303 carrying the session in the fragment', async () => {
    const email = newAddress();
    await authClient(authUrl).signInWithOtp({ email });
    const token = await linkTokenFor(email);

    const { status, location } = await openGoTrueLink(token);

    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/dashboard`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const me = await t.get<{ email: string }>('/auth/v1/user', { token: fragment.get('access_token') ?? '' });
    expect(me.body.email).toBe(email);
  });

  it('answers a used or unknown link with the error in the fragment', async () => {
    const email = newAddress();
    await authClient(authUrl).signInWithOtp({ email });
    const token = await linkTokenFor(email);
    await openGoTrueLink(token);

    const { status, location } = await openGoTrueLink(token);

    expect(status).toBe(303);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect(fragment.has('access_token')).toBe(false);
  });

  it('never redirects off the site', async () => {
    const { location } = await openGoTrueLink('unknown', 'https://evil.example.com/');

    expect(location.origin).toBe(SITE);
  });
});

describe('the PKCE flow with @supabase/auth-js', () => {
  it('redirects with a one-time code that the client exchanges, with its verifier, for a session', async () => {
    const auth = authClient(authUrl, 'pkce');
    const email = newAddress();
    await auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/dashboard` } });
    const token = await linkTokenFor(email);

    const { status, location } = await openGoTrueLink(token);
    const code = location.searchParams.get('code') ?? '';
    expect(status).toBe(303);
    expect(location.hash).toBe('');
    expect(code).not.toBe('');

    const { data, error } = await auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);

    const again = await auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    const email = newAddress();
    await authClient(authUrl, 'pkce').signInWithOtp({ email });
    const { location } = await openGoTrueLink(await linkTokenFor(email));

    const response = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: location.searchParams.get('code'), code_verifier: 'x'.repeat(50) },
    });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'bad_code_verifier', error_code: 'bad_code_verifier' });
  });

  it('answers 404 flow_state_not_found to a code it does not know', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: 'no-such-code', code_verifier: 'x'.repeat(50) },
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'flow_state_not_found', error_code: 'flow_state_not_found' });
  });
});

describe('verifierMatches', () => {
  it('follows RFC 7636 (its appendix B example) for S256, and plain', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 's256')).toBe(true);
    expect(verifierMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'plain')).toBe(false);
    expect(verifierMatches(verifier, verifier, 'plain')).toBe(true);
    expect(verifierMatches('other', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 's256')).toBe(false);
  });
});
