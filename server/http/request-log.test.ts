// The request log at the default level (decision 086): at most one line per request; successful answers
// sampled, one in ACCESS_LOG_EVERY; every answer of 400 or more with its method and URL (beside the line of
// its cause, server/http/errors.ts, when it has one).
import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { ACCESS_LOG_EVERY } from './log-policy.ts';

const lines: { level: number; msg: string; requestId?: string; [key: string]: unknown }[] = [];
const t = setupTestApp({
  config: { logLevel: 'info' },
  app: { logStream: { write: (line: string) => lines.push(JSON.parse(line)) } },
});

beforeEach(() => {
  lines.length = 0;
});

describe('the request log at the default level', () => {
  it('logs one successful request in ACCESS_LOG_EVERY, with its method, URL, status and time', async () => {
    const count = ACCESS_LOG_EVERY * 2 + ACCESS_LOG_EVERY / 2;
    const ids = new Set<string>();
    for (let i = 0; i < count; i++) {
      const response = await t.get('/api/languages/?active=true');
      expect(response.status).toBe(200);
      ids.add(String(response.headers['x-request-id']));
    }

    const logged = lines.filter((line) => line.requestId !== undefined && ids.has(line.requestId));
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        sampled: ACCESS_LOG_EVERY,
        req: { method: 'GET', url: '/api/languages/?active=*' },
        res: { statusCode: 200 },
      });
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    // Nothing else was logged meanwhile: no line on arrival.
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('logs an answer of 400 or more once, with its method and URL', async () => {
    const response = await t.get('/api/stories/?language=es'); // no token
    expect(response.status).toBe(401);

    const logged = lines.filter((line) => line.requestId === response.headers['x-request-id']);
    const completed = logged.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/stories/?language=*' },
      res: { statusCode: 401 },
    });
    expect(completed[0]).not.toHaveProperty('sampled');
    // The guard refused it before any handler: no line of a cause beside it.
    expect(logged).toHaveLength(1);
  });
});
