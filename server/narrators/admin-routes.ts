import type { FastifyInstance } from 'fastify';
import * as narrators from '#common/endpoints/narrators.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { listApplications, listVideos, toggleContacted, videoAt } from './service.ts';

/** How long a download address from the Videos tab opens the file (the 10 minutes). */
export const SIGNED_URL_SECONDS = 10 * 60;

/**
 * The admin's Teachers tab (admin.md §7): the applications and their "contacted" mark, the sample videos and
 * their signed download addresses. Registered inside a scope of the admin guard, at the specification's paths
 * (outside /api/admin/).
 */
export async function adminNarratorRoutes(app: FastifyInstance): Promise<void> {
  route(app, narrators.listApplications, async () => listApplications(app.db));

  route(app, narrators.toggleContacted, async ({ ids }) => toggleContacted(app.db, ids.id));

  route(app, narrators.listVideos, async () => listVideos(app.db));

  route(app, narrators.signVideoUrl, async ({ query }) => {
    const video = await videoAt(app.db, query.path);
    if (!video) throw new HttpError(404, 'Video not found');
    const url = await app.storage.signedUrl(video.storage_path, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      downloadName: video.original_filename,
    });
    return { url, expires_in: SIGNED_URL_SECONDS };
  });
}
