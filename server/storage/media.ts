import { mkdirSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { audioContentType } from '#common/uploads.ts';
import { attachmentDisposition, checkMediaSignature } from './signed.ts';
import { isPublicKey, isSafeKey, PRIVATE_SIGNED_FOLDERS } from './storage.ts';

const SIGNATURE_PROBLEMS = {
  missing: 'This file can only be opened through a download link from the admin area.',
  expired: 'This download link has expired. Open the file again from the admin area.',
  invalid: 'This download link is not valid. Open the file again from the admin area.',
} as const;

/** The key a /media/ request names, decoded; undefined when it is not a well-formed address. */
function keyOf(url: string): string | undefined {
  const path = url.split('?', 1)[0]?.slice('/media/'.length) ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

const isPrivateKey = (key: string) => PRIVATE_SIGNED_FOLDERS.some((folder) => key.startsWith(folder));

/**
 * Serves the local driver's files at /media/: content type from the name, range requests (so audio can seek),
 * cached for a year (a key is never reused for other bytes); nosniff comes with every answer's headers.
 * Private objects (applicant videos) are served only at an unexpired signed address, as a download, uncached.
 */
export async function registerMedia(
  app: FastifyInstance,
  uploadsDir: string,
  options: { signingSecret: string },
): Promise<void> {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(async (media) => {
    media.addHook('onRequest', (request, reply, done) => {
      const key = keyOf(request.url);
      // Only addresses of keys this server makes are served: anything else (dot segments, odd characters,
      // a broken escape) is refused here, not left to the file server's own checks.
      if (key === undefined || !isSafeKey(key)) {
        return reply.status(404).send({ error: 'Not found.' });
      }
      if (!isPrivateKey(key)) return done();
      const check = checkMediaSignature(options.signingSecret, key, request.query as Record<string, unknown>);
      if (!check.ok) {
        reply.header('Cache-Control', 'no-store');
        return reply.status(403).send({ error: SIGNATURE_PROBLEMS[check.reason] });
      }
      done();
    });
    await registerFiles(media, uploadsDir);
  });
}

async function registerFiles(app: FastifyInstance, uploadsDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/media/',
    decorateReply: false,
    wildcard: true,
    index: false,
    serveDotFiles: false,
    acceptRanges: true,
    cacheControl: false,
    // Covers and audio, and private objects once their signature was checked above: an uploaded dictionary
    // dump waiting for its import is nobody's download.
    allowedPath: (path) => {
      const key = path.replace(/^\/+/, '');
      return !key.endsWith('.partial') && (isPublicKey(key) || isPrivateKey(key));
    },
    setHeaders(reply, path) {
      const key = keyOf(reply.request.url);
      if (key !== undefined && isPrivateKey(key)) {
        const { name } = reply.request.query as { name?: string };
        reply.header('Cache-Control', 'private, no-store');
        reply.header(
          'Content-Disposition',
          attachmentDisposition(name || key.slice(key.lastIndexOf('/') + 1)),
        );
        return;
      }
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // The type comes from the name, and .webm or .mp4 names a video; chapter audio is audio.
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && path.includes(`${sep}story-audio${sep}`)) {
        reply.header('content-type', audioContentType(type));
      }
    },
  });
}
