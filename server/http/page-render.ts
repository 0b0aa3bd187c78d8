// A signed-in screen drawn in its page's HTML (docs/decisions/104). The web app's build makes a page renderer
// (web/server-page.tsx, built into `<WEB_DIST_DIR>-pages/`) and a shell for it (`page.html`, whose app starts
// after the first paint). For the library and the reader, when the request carries the page-session cookie the
// app keeps beside its stored session, the screen's first data is asked of the API itself (the same routes, with
// the cookie's token as the bearer token, verified as any call's, and the zone cookie's time zone as its
// X-Timezone), the screen is rendered with it, and the data goes with the markup for hydration. On any doubt (no
// cookie, a token near its end, a refusal, an error, a render slower than RENDER_BUDGET_MS) the caller sends the
// plain shell as before. The API never reads the cookies.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTimeZone } from '#common/activity.ts';
import { chosenEncoding } from './accept-encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How long a render may take before the plain shell is sent instead. */
export const RENDER_BUDGET_MS = 1_000;
/** A token with less left than this is not drawn with: the page would not take its state (auth-js refreshes it). */
const TOKEN_MARGIN_SECONDS = 150;
const EMPTY_ROOT = '<div id="root"></div>';

/** The page renderer's module (web/server-page.tsx as built). */
interface PageRenderer {
  PAGE_SESSION_COOKIE: string;
  /** The learner's time zone cookie (absent from a renderer built before decision 117). */
  PAGE_ZONE_COOKIE?: string;
  PAGE_STATE_ID: string;
  drawsPath(path: string): boolean;
  tokenExpiry(token: string): number | undefined;
  renderPage(
    path: string,
    token: string,
    transport: (address: string) => Promise<unknown>,
    timeZone?: string,
  ): Promise<{ markup: string; state: unknown } | undefined>;
}

export interface PageDrawer {
  /** The page's HTML drawn for this request, or undefined: send the plain shell. */
  draw(request: FastifyRequest, path: string): Promise<string | undefined>;
}

/** Loads the page renderer the build made beside `distDir`; undefined when there is none (an older build). */
export async function loadPageDrawer(app: FastifyInstance, distDir: string): Promise<PageDrawer | undefined> {
  const folder = `${resolve(distDir)}-pages`;
  const module = join(folder, 'server-page.js');
  const shellFile = join(folder, 'page.html');
  if (!existsSync(module) || !existsSync(shellFile)) return undefined;
  const renderer = (await import(pathToFileURL(module).href)) as PageRenderer;
  const shell = readFileSync(shellFile, 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`${shellFile} has no ${EMPTY_ROOT} to fill.`);
  return {
    async draw(request, path) {
      if (request.method !== 'GET' || !renderer.drawsPath(path)) return undefined;
      const token = cookieValue(request.headers.cookie, renderer.PAGE_SESSION_COOKIE);
      const expiry = token ? renderer.tokenExpiry(token) : undefined;
      if (!token || expiry === undefined || expiry - Date.now() / 1000 < TOKEN_MARGIN_SECONDS)
        return undefined;
      // The learner's day as their page's calls count it: a screen's "today" is drawn only with a zone that exists.
      const zoneCookie = renderer.PAGE_ZONE_COOKIE
        ? cookieValue(request.headers.cookie, renderer.PAGE_ZONE_COOKIE)
        : undefined;
      const timeZone = zoneCookie !== undefined && isTimeZone(zoneCookie) ? zoneCookie : undefined;
      try {
        const drawn = await withinBudget(
          renderer.renderPage(path, token, apiTransport(app, request, token, timeZone), timeZone),
        );
        if (!drawn) return undefined;
        const state = `<script type="application/json" id="${renderer.PAGE_STATE_ID}">${jsonInHtml(drawn.state)}</script>`;
        return shell.replace(EMPTY_ROOT, `${state}<div id="root">${drawn.markup}</div>`);
      } catch (error) {
        request.log.warn(
          { err: error, path },
          'the page could not be drawn on the server; sending the shell',
        );
        return undefined;
      }
    },
  };
}

/**
 * Asks the API for an address as the page's own call would: the cookie's token as its bearer token, and the
 * learner's time zone as its `X-Timezone` when the zone cookie names one.
 */
function apiTransport(app: FastifyInstance, request: FastifyRequest, token: string, timeZone?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (timeZone !== undefined) headers['x-timezone'] = timeZone;
  return async (address: string): Promise<unknown> => {
    const answer = await app.inject({
      method: 'GET',
      url: address,
      remoteAddress: request.ip,
      headers,
    });
    if (answer.statusCode !== 200) throw new Error(`GET ${address} answered ${answer.statusCode}`);
    return answer.json();
  };
}

function withinBudget<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), RENDER_BUDGET_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** JSON that cannot end the script element it is in (`</script>`, `<!--`). */
export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** A cookie's value from a Cookie header (undefined when absent or empty). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return value === '' ? undefined : decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sends a drawn page: private, never stored, varying with the cookie; compressed as the request accepts. */
export async function sendDrawnPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<FastifyReply> {
  reply
    .status(200)
    .header('Cache-Control', 'private, no-store')
    .header('Vary', 'cookie, accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = chosenEncoding(request.headers, 'br');
  if (encoding === 'br') {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(await gzipAsync(html));
  return reply.send(html);
}
