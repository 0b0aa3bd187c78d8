import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptedPageState,
  acceptPageState,
  clearPageSessionCookie,
  PAGE_SESSION_COOKIE,
  PAGE_STATE_ID,
  PAGE_ZONE_COOKIE,
  type PageState,
  takePageQueries,
  tokenExpiry,
  tokenTail,
  writePageSessionCookie,
} from './pageSession.ts';

/** An unsigned JWT-shaped token with these claims (the page reads them; the server verifies). */
function tokenWith(claims: Record<string, unknown>, signature = 'signature-of-the-token-0123456789'): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.${signature}`;
}

function embed(state: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_STATE_ID;
  script.textContent = JSON.stringify(state);
  document.body.append(script);
}

const cookieValue = (name = PAGE_SESSION_COOKIE) =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

afterEach(() => {
  clearPageSessionCookie();
  document.getElementById(PAGE_STATE_ID)?.remove();
});

describe('the page-session cookie', () => {
  it('holds the access token until the token expires, and goes when cleared', () => {
    const token = tokenWith({ exp: Math.floor(Date.now() / 1000) + 3600, email: 'ana@example.com' });
    writePageSessionCookie(token);
    expect(cookieValue()).toBe(encodeURIComponent(token));
    clearPageSessionCookie();
    expect(cookieValue()).toBeUndefined();
  });

  it('is not written again when it holds the token already', () => {
    const token = tokenWith({ exp: Math.floor(Date.now() / 1000) + 3600 });
    writePageSessionCookie(token);
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    writePageSessionCookie(token);
    expect(written).not.toHaveBeenCalled();
    const next = tokenWith({ exp: Math.floor(Date.now() / 1000) + 3600 }, 'another-signature-0123456789');
    writePageSessionCookie(next);
    expect(written).toHaveBeenCalledTimes(1);
    expect(cookieValue()).toBe(encodeURIComponent(next));
    written.mockRestore();
  });

  it('is not written for a token already expired or unreadable, and clears the one before', () => {
    const token = tokenWith({ exp: Math.floor(Date.now() / 1000) + 3600 });
    writePageSessionCookie(token);
    writePageSessionCookie(tokenWith({ exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(cookieValue()).toBeUndefined();
    writePageSessionCookie(token);
    writePageSessionCookie('not-a-token');
    expect(cookieValue()).toBeUndefined();
  });

  it('keeps the learner’s time zone beside it for the server’s draw, written again only when it changes', () => {
    const token = tokenWith({ exp: Math.floor(Date.now() / 1000) + 3600 });
    writePageSessionCookie(token, Date.now(), 'America/Argentina/Buenos_Aires');
    expect(cookieValue(PAGE_ZONE_COOKIE)).toBe(encodeURIComponent('America/Argentina/Buenos_Aires'));
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    writePageSessionCookie(token, Date.now(), 'America/Argentina/Buenos_Aires');
    expect(written).not.toHaveBeenCalled();
    // The learner flew: the next page writes the new zone, and the token's cookie is left as it is.
    writePageSessionCookie(token, Date.now(), 'Asia/Tokyo');
    expect(written).toHaveBeenCalledTimes(1);
    expect(cookieValue(PAGE_ZONE_COOKIE)).toBe('Asia%2FTokyo');
    written.mockRestore();
    // Without a zone handed in, the browser's own (as every call sends it).
    clearPageSessionCookie();
    writePageSessionCookie(token);
    expect(decodeURIComponent(cookieValue(PAGE_ZONE_COOKIE) ?? '')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    clearPageSessionCookie();
    expect(cookieValue(PAGE_ZONE_COOKIE)).toBeUndefined();
    expect(cookieValue()).toBeUndefined();
  });

  it('reads a token’s expiry, unicode claims included, and nothing from a malformed one', () => {
    expect(tokenExpiry(tokenWith({ exp: 1_900_000_000, user_metadata: { full_name: 'Zoë 李' } }))).toBe(
      1_900_000_000,
    );
    expect(tokenExpiry(tokenWith({ exp: 'soon' }))).toBeUndefined();
    expect(tokenExpiry('a.%%%.c')).toBeUndefined();
    expect(tokenExpiry('')).toBeUndefined();
  });
});

describe('the state a drawn page came with', () => {
  const token = tokenWith({ exp: 1_900_000_000 });
  const state: PageState = {
    path: '/dashboard',
    tokenTail: tokenTail(token),
    language: 'es',
    queries: { q: 1 },
  };

  it('is taken for its path and session, with the language this device shows or none chosen, once', () => {
    embed(state);
    expect(acceptPageState('/dashboard', token, undefined)).toEqual(state);
    expect(document.getElementById(PAGE_STATE_ID)).toBeNull();
    expect(takePageQueries()).toEqual({ q: 1 });
    expect(takePageQueries()).toBeUndefined();
    expect(acceptedPageState()?.path).toBe('/dashboard');

    embed(state);
    expect(acceptPageState('/dashboard', token, 'es')).toBeDefined();
  });

  it('for a learner without a language yet (the welcome drawn), is refused where this device chose one', () => {
    embed({ ...state, language: null });
    expect(acceptPageState('/dashboard', token, 'es')).toBeUndefined();
    embed({ ...state, language: null });
    expect(acceptPageState('/dashboard', token, undefined)).toBeDefined();
  });

  it('is refused for another path, another session, none stored, another language, or unreadable', () => {
    const other = tokenWith({ exp: 1_900_000_001, sub: 'someone else' }, 'another-signature-abcdefghijkl');
    for (const [path, stored, language] of [
      ['/read/1/2', token, undefined],
      ['/dashboard', other, undefined],
      ['/dashboard', undefined, undefined],
      ['/dashboard', token, 'fr'],
    ] as const) {
      embed(state);
      expect(acceptPageState(path, stored, language)).toBeUndefined();
      expect(acceptedPageState()).toBeUndefined();
    }
    const broken = document.createElement('script');
    broken.type = 'application/json';
    broken.id = PAGE_STATE_ID;
    broken.textContent = '{not json';
    document.body.append(broken);
    expect(acceptPageState('/dashboard', token, undefined)).toBeUndefined();
    expect(acceptPageState('/dashboard', token, undefined)).toBeUndefined(); // none left in the page
  });
});
