import { mkdirSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { audioContentType } from '#common/uploads.ts';
import { isPublicKey } from './storage.ts';

/**
 * Serves the local driver's files at /media/: content type from the name, range requests (so audio can seek),
 * cached for a year (a key is never reused for other bytes); nosniff comes with every answer's headers.
 */
export async function registerMedia(app: FastifyInstance, uploadsDir: string): Promise<void> {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/media/',
    decorateReply: false,
    wildcard: true,
    index: false,
    serveDotFiles: false,
    acceptRanges: true,
    cacheControl: false,
    // Only covers and audio: an uploaded dictionary dump waiting for its import is nobody's download.
    allowedPath: (path) => !path.endsWith('.partial') && isPublicKey(path.replace(/^\/+/, '')),
    setHeaders(reply, path) {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // The type comes from the name, and .webm or .mp4 names a video; chapter audio is audio.
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && path.includes(`${sep}story-audio${sep}`)) {
        reply.header('content-type', audioContentType(type));
      }
    },
  });
}
