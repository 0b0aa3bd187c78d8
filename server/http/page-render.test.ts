// The page route's drawn screens (docs/decisions/104), with a page renderer of the test's own in place of the
// built one (web/server-page.tsx, tested end to end by e2e/page-drawn.spec.ts): what the route asks of it, what it
// sends, and the shell on every doubt.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { cookieValue, jsonInHtml } from './page-render.ts';

const dist = join(mkdtempSync(join(tmpdir(), 'catamaran-pages-')), 'web');
const SHELL = '<!doctype html><html><body><div id="root"></div><!-- shell --></body></html>';
const PAGE_SHELL = '<!doctype html><html><body><div id="root"></div><!-- drawn --></body></html>';
mkdirSync(dist, { recursive: true });
mkdirSync(`${dist}-pages`);
writeFileSync(join(dist, 'index.html'), SHELL);
writeFileSync(join(`${dist}-pages`, 'page.html'), PAGE_SHELL);
// The renderer's interface, as web/server-page.tsx builds it: /slow takes longer than the budget, /broken throws,
// and any other drawn path shows the learner's languages as the API answers them to the cookie's token, and the
// time zone it was handed.
writeFileSync(
  join(`${dist}-pages`, 'server-page.js'),
  `export const PAGE_SESSION_COOKIE = 'catamaran-page-session';
export const PAGE_ZONE_COOKIE = 'catamaran-page-zone';
export const PAGE_STATE_ID = 'page-state';
export function drawsPath(path) { return ['/dashboard', '/read/1/2', '/progress'].includes(path); }
export function tokenExpiry(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp;
}
export async function renderPage(path, token, transport, timeZone) {
  if (path === '/progress') return new Promise((done) => setTimeout(() => done({ markup: 'late', state: {} }), 1500));
  if (path === '/read/1/2') throw new Error('the render failed');
  const languages = await transport('/api/user/language-progress/');
  return {
    markup: '<h1>Drawn</h1><p>' + languages.length + ' languages</p><p>zone ' + (timeZone ?? 'none') + '</p>',
    state: { path, note: '</script><b>' },
  };
}
`,
);

const t = setupTestApp({ app: { webDistDir: dist } });

async function learnerToken(): Promise<string> {
  const user = await createUser(t.db);
  return (await signIn(t.db, user)).accessToken;
}

const withCookie = (token: string, more: Record<string, string> = {}, cookie = '') => ({
  headers: {
    cookie: `theme=dark; catamaran-page-session=${encodeURIComponent(token)}${cookie ? `; ${cookie}` : ''}`,
    ...more,
  },
});

describe('a signed-in screen drawn in its HTML', () => {
  it('draws the page from the API answered to the cookie’s token, private, never stored, varying with the cookie', async () => {
    const token = await learnerToken();
    const response = await t.get('/dashboard', withCookie(token));

    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toBe('cookie, accept-encoding');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain(
      '<div id="root"><h1>Drawn</h1><p>0 languages</p><p>zone none</p></div><!-- drawn -->',
    );
    // The state is data the page reads, never a script it runs, and cannot end its element.
    expect(response.text).toContain(
      '<script type="application/json" id="page-state">{"path":"/dashboard","note":"\\u003c/script>\\u003cb>"}</script>',
    );
  });

  it('draws with the zone cookie’s time zone, sent to the API as the page’s calls send it, and none that does not exist', async () => {
    const token = await learnerToken();
    const asked = vi.spyOn(t.app, 'inject');
    /** The headers of every request the app was asked in-process since the last clear (the page route's calls). */
    const sentHeaders = () =>
      asked.mock.calls
        .map((call) => (call as unknown[])[0] as { headers?: Record<string, string> } | undefined)
        .map((options) => options?.headers);
    const drawn = await t.get('/dashboard', withCookie(token, {}, 'catamaran-page-zone=Asia%2FKathmandu'));
    expect(drawn.text).toContain('<p>zone Asia/Kathmandu</p>');
    expect(sentHeaders()).toContainEqual(expect.objectContaining({ 'x-timezone': 'Asia/Kathmandu' }));

    for (const zone of ['Mars%2FOlympus_Mons', '', '%E0%A4%A', 'x'.repeat(80)]) {
      asked.mockClear();
      const plain = await t.get('/dashboard', withCookie(token, {}, `catamaran-page-zone=${zone}`));
      expect(plain.text).toContain('<p>zone none</p>');
      expect(sentHeaders().some((each) => each !== undefined && 'x-timezone' in each)).toBe(false);
    }
    asked.mockRestore();
  });

  it('compresses a drawn page as the request accepts', async () => {
    const token = await learnerToken();
    const response = await t.request({
      method: 'GET',
      url: '/dashboard',
      ...withCookie(token, { 'accept-encoding': 'br, gzip' }),
    });

    expect(response.headers['content-encoding']).toBe('br');
    const raw = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      ...withCookie(token, { 'accept-encoding': 'br' }),
    });
    expect(brotliDecompressSync(raw.rawPayload).toString()).toContain('<h1>Drawn</h1>');
  });

  it('sends the shell as before without the cookie, with a token the API refuses, near its end, on a HEAD, or another page', async () => {
    const token = await learnerToken();
    const [header, body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as { exp: number };
    const nearEnd = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.x`;
    const forged = `${header}.${body}.not-the-signature`;
    const answers = [
      await t.get('/dashboard'),
      await t.get('/dashboard', withCookie(forged)),
      await t.get('/dashboard', withCookie(nearEnd)),
      await t.get('/dashboard', { headers: { cookie: 'catamaran-page-session=' } }),
      await t.get('/account', withCookie(token)),
    ];
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.text).toBe(SHELL);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.request({ method: 'HEAD', url: '/dashboard', ...withCookie(token) });
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('sends the shell when the render fails or takes longer than its budget', async () => {
    const token = await learnerToken();
    const failed = await t.get('/read/1/2', withCookie(token));
    const late = await t.get('/progress', withCookie(token));

    expect(failed.text).toBe(SHELL);
    expect(late.text).toBe(SHELL);
  });

  it('never takes the cookie as the API’s authentication', async () => {
    const token = await learnerToken();
    const response = await t.get('/api/user/language-progress/', withCookie(token));

    expect(response.status).toBe(401);
  });
});

describe('the page route’s helpers', () => {
  it('reads a cookie by its name among others, decoded, and nothing for an empty or broken one', () => {
    expect(cookieValue('a=1; catamaran-page-session=x%2By; b=2', 'catamaran-page-session')).toBe('x+y');
    expect(cookieValue('xcatamaran-page-session=1', 'catamaran-page-session')).toBeUndefined();
    expect(cookieValue('catamaran-page-session=', 'catamaran-page-session')).toBeUndefined();
    expect(cookieValue('catamaran-page-session=%E0%A4%A', 'catamaran-page-session')).toBeUndefined();
    expect(cookieValue(undefined, 'catamaran-page-session')).toBeUndefined();
  });

  it('writes JSON that no `<` of it can end its script element', () => {
    expect(jsonInHtml({ text: '</script><!--' })).toBe('{"text":"\\u003c/script>\\u003c!--"}');
    expect(JSON.parse(jsonInHtml({ text: '</script>' }))).toEqual({ text: '</script>' });
  });
});
