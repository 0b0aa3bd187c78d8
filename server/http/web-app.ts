import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ROUTES, isClientRoute } from '#common/routes.ts';
import { COMPRESS_FROM_BYTES, chosenEncoding } from './accept-encoding.ts';
import { HttpError } from './errors.ts';
import { markNotSetUp } from './log-policy.ts';
import { loadPageDrawer, sendDrawnPage } from './page-render.ts';

const SERVER_PREFIXES = ['/api/', '/auth/', '/media/'];
/**
 * The pages a visitor signs in or up on: their shell (`signin.html`) does not preload the signed-in screens'
 * chunks, which these pages never load (docs/decisions/101).
 */
const SIGN_IN_PAGES: ReadonlySet<string> = new Set([
  CLIENT_ROUTES.signIn,
  CLIENT_ROUTES.signUp,
  CLIENT_ROUTES.signInVerify,
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page's HTML, and its compressed copies when it is worth compressing (made once, at start-up). */
interface Shell {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readShell(file: string): Shell | undefined {
  if (!existsSync(file)) return undefined;
  const identity = readFileSync(file);
  if (identity.length < COMPRESS_FROM_BYTES) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The best encoding of the shell the request accepts: brotli, then gzip; none for a shell too small to compress. */
function shellEncoding(request: FastifyRequest, shell: Shell): 'br' | 'gzip' | undefined {
  if (!shell.br) return undefined;
  const encoding = chosenEncoding(request.headers, 'br');
  return encoding === 'identity' ? undefined : encoding;
}

function sendShell(request: FastifyRequest, reply: FastifyReply, shell: Shell): FastifyReply {
  if (shell.br) reply.header('Vary', 'accept-encoding');
  const encoding = shellEncoding(request, shell);
  if (!encoding) return reply.send(shell.identity);
  return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? shell.br : shell.gzip);
}

/**
 * Serves the built single-page app: hashed assets cached for a year, `index.html` never cached, and every
 * screen path answered with the app's shell (404 for a path outside the route table), compressed. `/` gets the
 * landing's own shell when the build made one (`landing.html`, its markup rendered in: docs/decisions/094), the
 * sign-in pages theirs (`signin.html`, without the signed-in screens' preloads: docs/decisions/101). The
 * library and the reader are drawn in their HTML for a request with the page-session cookie, when the build made
 * the page renderer (page-render.ts, docs/decisions/104); else, and on any doubt, they get the shell as before.
 * API paths never fall through to the shell: an unknown one is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const shell = readShell(join(distDir, 'index.html'));
  const landingShell = shell && (readShell(join(distDir, 'landing.html')) ?? shell);
  const signInShell = shell && (readShell(join(distDir, 'signin.html')) ?? shell);
  if (!shell) app.log.warn({ distDir }, 'the web app is not built; run `npm run build` to serve it');
  const pages = shell ? await loadPageDrawer(app, distDir) : undefined;

  if (shell) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !hasExtension(path);
    if (SERVER_PREFIXES.some((prefix) => path.startsWith(prefix)) || !isPage) {
      throw new HttpError(404, `There is nothing at ${request.method} ${path}.`);
    }
    if (!shell) {
      throw markNotSetUp(
        new HttpError(503, 'The web app has not been built yet. Run `npm run build`, then reload.'),
      );
    }
    const drawn = await pages?.draw(request, path);
    if (drawn) return sendDrawnPage(request, reply, drawn);
    reply
      .status(isClientRoute(path) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    return sendShell(request, reply, shellOf(path, shell, landingShell, signInShell));
  });
}

/** The shell a page's path is answered with: the landing's, the sign-in pages', or the app's. */
function shellOf(path: string, shell: Shell, landing = shell, signIn = shell): Shell {
  if (path === CLIENT_ROUTES.landing) return landing;
  return SIGN_IN_PAGES.has(path.length > 1 ? path.replace(/\/$/, '') : path) ? signIn : shell;
}

function hasExtension(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}
