import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html.ts';
import { latestOutboxMail } from './mailer.ts';

/**
 * GET /dev/outbox: the mail a development server "sent", newest first, with its links clickable. Registered
 * only without SMTP_URL, outside production, and when HOST is a loopback address (mailRoute).
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', async (_request, reply) => {
    const messages = await latestOutboxMail(app.db);
    const items = messages
      .map((message) => {
        const body = escapeHtml(message.text).replace(
          /https?:\/\/[^\s<]+/g,
          (url) => `<a href="${url}">${url}</a>`,
        );
        return `<article><h2>${escapeHtml(message.subject)}</h2><p class="meta">To ${escapeHtml(message.to)} · ${message.createdAt.toISOString()}</p><pre>${body}</pre></article>`;
      })
      .join('\n');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · Catamaran</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #cbd5e1;border-radius:12px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#475569;font-size:.9rem}pre{white-space:pre-wrap;word-break:break-all}a{color:#0e7490}</style>
</head><body><h1>Development outbox</h1>
<p>Mail this server would have sent. Set SMTP_URL to send real mail instead.</p>
${items || '<p>No mail yet. Sign up or sign in, then reload this page.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
  });
}
