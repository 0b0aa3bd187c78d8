import { once } from 'node:events';
import { connect } from 'node:net';
import multipart from '@fastify/multipart';
import { expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { formParts } from './multipart.ts';

/** What each request to the test route ended with: its error's message, or 'read' when the form was read. */
const outcomes = new Map<string, string>();

const t = setupTestApp({
  // A route that starts reading its form only once its sender has gone, as a handler that awaited something
  // first (a query, a check) may.
  prepare: (app) => {
    app.register(async (scope) => {
      await scope.register(multipart);
      scope.post('/test/form-after-close', async (request) => {
        request.raw.on('error', () => undefined); // the reset, seen by the reading below
        if (!request.raw.destroyed) await new Promise((resolve) => request.raw.once('close', resolve));
        try {
          for await (const part of formParts(request)) if (part.type === 'file') part.file.resume();
          outcomes.set(request.id, 'read');
        } catch (error) {
          outcomes.set(request.id, (error as Error).message);
        }
        return {};
      });
    });
  },
});

it('ends the reading of a form whose sender went away before it began, instead of waiting for ever', async () => {
  const address = new URL(await t.listen());
  const socket = connect(Number(address.port), address.hostname);
  await once(socket, 'connect');
  socket.write(
    `POST /test/form-after-close HTTP/1.1\r\nHost: ${address.host}\r\n` +
      'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n' +
      'X-Request-Id: form-after-close-1\r\n\r\n--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
  );
  await new Promise<void>((resolve) => setImmediate(resolve));
  socket.resetAndDestroy();

  const deadline = Date.now() + 3000;
  while (!outcomes.has('form-after-close-1')) {
    if (Date.now() > deadline)
      throw new Error('the form was still being read 3 s after its sender went away');
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
  }
  expect(outcomes.get('form-after-close-1')).toBe(
    'The upload was cut short: the connection closed before the form arrived.',
  );
});
