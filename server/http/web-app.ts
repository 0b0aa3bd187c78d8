import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '#common/routes.ts';
import { HttpError } from './errors.ts';
import { markNotSetUp } from './log-policy.ts';

const SERVER_PREFIXES = ['/api/', '/auth/', '/media/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed assets cached for a year, `index.html` never cached, and every
 * screen path answered with the app's shell (404 for a path outside the route table). API paths never fall
 * through to the shell: an unknown one is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const shell = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  if (!shell) app.log.warn({ distDir }, 'the web app is not built; run `npm run build` to serve it');

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

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
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
    return reply
      .status(isClientRoute(path) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell);
  });
}

function hasExtension(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}
