import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';

// Short limits, so each case takes seconds; the defaults are in config.ts and the README.
const t = setupTestApp({
  config: { httpTimeouts: { headersMs: 1000, requestMs: 3000, idleMs: 2000, keepAliveMs: 1000 } },
});

/** A raw connection to the test server: what it sends back, and when it closes. */
let listening: Promise<string> | undefined;
async function rawConnection() {
  listening ??= t.listen();
  const port = Number(new URL(await listening).port);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ received: string }>((done) => socket.once('close', () => done({ received })));
  await new Promise<void>((ready) => socket.once('connect', () => ready()));
  return { socket, closed };
}

/** Writes `text` a byte at a time, every `everyMs`, until the socket closes: a slow client that never stops. */
function trickle(socket: ReturnType<typeof connect>, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index] ?? '');
    index += 1;
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('the HTTP server against slow clients', () => {
  it('answers 408 and closes when the headers do not arrive in time, however busy the client keeps it', async () => {
    const { socket, closed } = await rawConnection();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    trickle(socket, `X-Slow: ${'a'.repeat(10_000)}`, 200);

    const { received } = await closed;

    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('answers 408 and closes when the body does not arrive in time', async () => {
    const { socket, closed } = await rawConnection();
    const body = JSON.stringify({ email: 'slow@example.com', padding: 'x'.repeat(10_000) });
    socket.write(
      'POST /auth/v1/otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    trickle(socket, body, 200);

    const { received } = await closed;

    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('closes a connection on which nothing moves', async () => {
    const { socket, closed } = await rawConnection();
    socket.write(
      'POST /auth/v1/otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );

    const { received } = await closed;

    // Closed by the idle limit (2 s) without an answer, not by the request's (3 s), which answers 408.
    expect(received).toBe('');
  }, 20_000);
});
