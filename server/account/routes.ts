import type { FastifyInstance } from 'fastify';
import * as account from '#common/endpoints/account.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { exportFileName, SessionId } from '#common/schemas/account.ts';
import type { BillingSettings } from '#server/config.ts';
import { route } from '#server/http/contract.ts';
import { HttpError } from '#server/http/errors.ts';
import { accountDeletedMessage } from '#server/mail/messages.ts';
import { mayDeleteOwnAccount } from '#server/policies/rules.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { collectLearnerData } from './export.ts';
import { dayOf, presentDevice, presentExport } from './present.ts';
import { deleteAccount, endSession, listSessions, removeStoredFiles } from './service.ts';

/**
 * The account a learner owns (issue 20): the devices signed in to it, the download of everything kept about
 * them, and deleting it. The deletion's database part is one transaction; the files of the videos it removed
 * go afterwards, and the confirmation mail is queued like any other (a mail server that is down delays it).
 */
export async function accountRoutes(
  app: FastifyInstance,
  options: { billing: BillingSettings | undefined; siteUrl: string },
): Promise<void> {
  route(app, account.listSessions, async (_input, request) => {
    const viewer = viewerOf(request);
    const sessions = await listSessions(app.db, viewer.userId);
    return sessions.map((session) => presentDevice(session, request.user?.sessionId));
  });

  route(app, account.endSession, async (_input, request) => {
    const viewer = viewerOf(request);
    // A path that cannot name a session is a session that is not there, as route() answers a bad integer id.
    const id = SessionId.safeParse((request.params as { id?: unknown }).id);
    if (!id.success) throw new HttpError(404, id.error.issues[0]?.message ?? 'Not found.');
    await endSession(app.db, viewer.userId, id.data);
  });

  route(app, account.exportData, async (_input, request, reply) => {
    const data = await collectLearnerData(app.db, viewerOf(request).userId);
    reply
      .header('content-disposition', `attachment; filename="${exportFileName(dayOf(data.exportedAt))}"`)
      .header('cache-control', 'no-store');
    return JSON.stringify(presentExport(data), null, 2);
  });

  route(app, account.deleteAccount, async ({ body }, request) => {
    const viewer = viewerOf(request);
    const deleted = await deleteAccount(app.db, options.billing, {
      userId: viewer.userId,
      typedEmail: body.email,
      mayDelete: (db) => mayDeleteOwnAccount(viewer, db),
    });
    request.log.info({ userId: viewer.userId, videos: deleted.videoKeys.length }, 'account deleted');
    // After the commit: a file that cannot be removed now is logged for the team, not a deletion undone.
    await removeStoredFiles(app.storage, deleted.videoKeys).catch((error: unknown) =>
      request.log.error(
        { err: error, keys: deleted.videoKeys },
        'could not remove a deleted account’s videos',
      ),
    );
    const message = accountDeletedMessage({
      to: deleted.email,
      cancelledSubscription: deleted.cancelledSubscription !== undefined,
      signUpUrl: `${options.siteUrl}${CLIENT_ROUTES.signUp}`,
    });
    await app.jobs
      .sendMail(message)
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'could not queue the account-deleted mail'),
      );
  });
}
