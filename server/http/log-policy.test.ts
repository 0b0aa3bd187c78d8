import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_SET_UP } from '#server/billing/service.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

/** Every line the app logs, parsed. */
const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
const raw: string[] = [];
const t = setupTestApp({
  config: { logLevel: 'debug' },
  // A route that reads its whole body, as an upload does: a client that goes away mid-body fails it.
  prepare: (app) => {
    app.register(async (scope) => {
      scope.addContentTypeParser('application/x-test-stream', (_request, _payload, done) => done(null));
      scope.post('/test/read-body', async (request) => {
        await pipeline(request.raw, new Writable({ write: (_chunk, _encoding, next) => next() }));
        return { read: true };
      });
    });
  },
  app: {
    logStream: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    },
  },
});

const INFO = 30;
const WARN = 40;
const ERROR = 50;
const EMAIL = 'lucia.private@example.com';

let token = '';
beforeAll(async () => {
  token = (await signIn(t.db, await createUser(t.db, { email: EMAIL }))).accessToken;
});

/** The lines logged for one request, by the id it answered. */
const linesOf = (requestId: unknown) => lines.filter((line) => line.requestId === requestId);

/** Waits until `found` is true of the lines logged, failing after `ms`. */
async function waitForLine(found: (line: (typeof lines)[number]) => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!lines.some(found)) {
    if (Date.now() > deadline)
      throw new Error(`the awaited log line never came: ${JSON.stringify(lines.slice(-6))}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return lines.find(found);
}

describe('the log policy', () => {
  it('keeps the values of query strings and e-mail addresses out of request lines', async () => {
    const query = new URLSearchParams({
      email: EMAIL,
      filename: 'secret-name.mp4',
      content_type: 'video/mp4',
    });
    const response = await t.get(`/api/applicant-video/start/?${query}`);

    const logged = linesOf(response.headers['x-request-id']);
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('lucia.private');
    expect(text).not.toContain('secret-name');
    expect(logged[0]).toMatchObject({
      req: { url: '/api/applicant-video/start/?email=*&filename=*&content_type=*' },
    });
  });

  it('logs our own failure as an error, without the text or the address it was sent', async () => {
    const feedbackText = 'My private feedback about chapter three';
    await t.db.execute(sql`alter table feedback add constraint feedback_short check (length(text) < 5)`);
    try {
      const response = await t.request({
        method: 'POST',
        url: '/api/feedback/',
        token,
        payload: { feedback_text: feedbackText },
      });
      expect(response.status).toBe(500);
      const logged = linesOf(response.headers['x-request-id']);
      expect(logged.some((line) => line.level === ERROR && line.msg === 'request failed')).toBe(true);
      const text = raw.join('');
      expect(text).not.toContain('private feedback');
      expect(text).not.toContain('lucia.private');
    } finally {
      await t.db.execute(sql`alter table feedback drop constraint feedback_short`);
    }
  });

  it('warns once that billing is not set up, then logs it as info, never as an error', async () => {
    const first = await t.request({
      method: 'POST',
      url: '/api/create-checkout-session/',
      token,
      payload: {},
    });
    const second = await t.request({
      method: 'POST',
      url: '/api/create-checkout-session/',
      token,
      payload: {},
    });

    expect(first.status).toBe(503);
    const levels = [first, second].map((response) =>
      linesOf(response.headers['x-request-id'])
        .filter((line) => line.msg === NOT_SET_UP)
        .map((line) => line.level),
    );
    expect(levels).toEqual([[WARN], [INFO]]);
  });

  it('logs a client that went away mid-body as info, not as an error', async () => {
    const address = new URL(await t.listen());
    const socket = connect(Number(address.port), address.hostname);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /test/read-body HTTP/1.1\r\nHost: ${address.host}\r\n` +
        'Content-Type: application/x-test-stream\r\nContent-Length: 1000000\r\n' +
        'X-Request-Id: client-gone-away-0001\r\n\r\nthe first bytes of a long body',
    );
    // Once the server is reading the body, the client goes.
    await waitForLine(
      (line) => line.requestId === 'client-gone-away-0001' && line.msg === 'incoming request',
    );
    socket.resetAndDestroy();

    const outcome = await waitForLine(
      (line) =>
        line.requestId === 'client-gone-away-0001' &&
        (line.msg === 'the client went away' || line.msg === 'request failed'),
    );
    expect(outcome).toMatchObject({ level: INFO, msg: 'the client went away' });
    expect(linesOf('client-gone-away-0001').filter((line) => line.level >= WARN)).toEqual([]);
  });
});
