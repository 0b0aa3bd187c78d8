import type { FastifyInstance } from 'fastify';
import * as feedback from '#common/endpoints/feedback.ts';
import { route } from '#server/http/contract.ts';
import { escapeHtml } from '#server/mail/html.ts';
import { viewerOf } from '#server/policies/viewer.ts';
import { recordFeedback } from './service.ts';

/**
 * POST /api/feedback/ (learner.md §7): keeps what a signed-in learner wrote, with their address, and mails it
 * to FEEDBACK_EMAIL when that is set. The mail is queued with the row's id, so a mail server that is down
 * delays it without losing the feedback or failing the learner's request.
 */
export async function feedbackRoutes(
  app: FastifyInstance,
  options: { feedbackEmail: string | undefined },
): Promise<void> {
  route(app, feedback.sendFeedback, async ({ body }, request) => {
    const user = viewerOf(request);
    const row = await recordFeedback(app.db, {
      userId: user.userId,
      email: user.email,
      text: body.feedback_text,
    });
    if (options.feedbackEmail) {
      await app.jobs
        .sendMail({
          to: options.feedbackEmail,
          subject: `Catamaran feedback #${row.id} from ${user.email}`,
          text: `${body.feedback_text}\n\n— ${user.email}, feedback #${row.id}`,
          html: `<p style="white-space:pre-wrap">${escapeHtml(body.feedback_text)}</p><p>— ${escapeHtml(user.email)}, feedback #${row.id}</p>`,
        })
        .catch((error: unknown) =>
          // Kept, if not mailed: the team still finds it in the table.
          request.log.error({ err: error, feedbackId: row.id }, 'could not queue the feedback mail'),
        );
    }
    return { id: row.id, created_at: row.createdAt.toISOString() };
  });
}
