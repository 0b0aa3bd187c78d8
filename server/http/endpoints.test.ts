// Every /api endpoint the server answers is registered from its declaration in common/endpoints/, and every
// declaration is registered exactly once (docs/decisions/021-endpoint-contracts.md): a route written by hand,
// or a declaration nothing registers, fails here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#common/contract.ts';
import { setupTestApp } from '#server/testing/app.ts';

/** A route as registered: its methods, full path and config. */
type Registered = Pick<RouteOptions, 'method' | 'url' | 'config'>;

const ENDPOINTS_DIR = join(import.meta.dirname, '..', '..', 'common', 'endpoints');

/** Every declaration exported by common/endpoints/*.ts, named `file: export`. */
async function declarations(): Promise<Map<string, Endpoint>> {
  const found = new Map<string, Endpoint>();
  for (const file of readdirSync(ENDPOINTS_DIR).filter((name) => name.endsWith('.ts'))) {
    const module: Record<string, unknown> = await import(join(ENDPOINTS_DIR, file));
    for (const [name, value] of Object.entries(module)) {
      if (isEndpoint(value)) found.set(`${file}: ${name}`, value);
    }
  }
  return found;
}

function isEndpoint(value: unknown): value is Endpoint {
  const candidate = value as Partial<Endpoint> | null;
  return (
    typeof candidate?.method === 'string' &&
    typeof candidate.path === 'string' &&
    typeof candidate.access === 'string' &&
    candidate.response !== undefined
  );
}

/**
 * How the registered /api routes and the declarations disagree, in sentences: a route registered by hand, a
 * declaration registered twice or not at all. HEAD routes are Fastify's copies of the GET ones.
 */
function disagreements(routes: Registered[], declared: Map<string, Endpoint>): string[] {
  const found: string[] = [];
  const registrations = new Map<Endpoint, number>();
  for (const route of routes) {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (!route.url.startsWith('/api/') || methods.length === 0) continue;
    const endpoint = (route.config as { endpoint?: Endpoint } | undefined)?.endpoint;
    const key = `${methods.join(',')} ${route.url}`;
    if (!endpoint || ![...declared.values()].includes(endpoint)) {
      found.push(`${key} is registered by hand, not from a declaration of common/endpoints/`);
    } else if (`${endpoint.method} ${endpoint.path}` !== key) {
      found.push(`${key} is registered from ${endpoint.method} ${endpoint.path}`);
    } else {
      registrations.set(endpoint, (registrations.get(endpoint) ?? 0) + 1);
    }
  }
  for (const [name, endpoint] of declared) {
    const count = registrations.get(endpoint) ?? 0;
    if (count !== 1) found.push(`${name} (${endpoint.method} ${endpoint.path}) is registered ${count} times`);
  }
  return found;
}

describe('the API', () => {
  const routes: Registered[] = [];
  setupTestApp({ app: { onRoute: (route) => routes.push(route) } });
  let declared: Map<string, Endpoint>;
  beforeAll(async () => {
    declared = await declarations();
  });

  it('registers every declaration of common/endpoints/ once, and no /api route but from one', () => {
    expect(declared.size).toBeGreaterThan(40);
    expect(disagreements(routes, declared)).toEqual([]);
  });

  it('would see a route written by hand, and a declaration registered twice or not at all', () => {
    const [[firstName, first], [secondName, second]] = [...declared] as [
      [string, Endpoint],
      [string, Endpoint],
    ];
    const madeUp: Registered[] = [
      { method: 'GET', url: '/api/x/', config: {} },
      { method: first.method, url: first.path, config: { endpoint: first } },
      { method: first.method, url: first.path, config: { endpoint: first } },
      { method: 'HEAD', url: first.path, config: { endpoint: first } },
      { method: 'GET', url: '/auth/v1/user', config: {} },
    ];

    expect(
      disagreements(
        madeUp,
        new Map([
          [firstName, first],
          [secondName, second],
        ]),
      ),
    ).toEqual([
      'GET /api/x/ is registered by hand, not from a declaration of common/endpoints/',
      `${firstName} (${first.method} ${first.path}) is registered 2 times`,
      `${secondName} (${second.method} ${second.path}) is registered 0 times`,
    ]);
  });
});
