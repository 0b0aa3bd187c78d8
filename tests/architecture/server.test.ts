import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adminListReaders,
  areaInternals,
  handWrittenRoutes,
  projectPath,
  relativeEscapes,
  routeFileQueries,
  servicesSeeingHttp,
} from './server-rules.ts';
import { root, sourceFiles } from './source.ts';

const serverFiles = sourceFiles(join(root, 'server')).filter((file) => !file.includes('/migrations/'));

function everywhere(rule: (file: string, text: string) => string[]): string[] {
  return serverFiles.flatMap((file) => rule(file, readFileSync(file, 'utf8')));
}

/** A made-up file at `path` (relative to the project) with `lines` as its text. */
function example(path: string, ...lines: string[]): [string, string] {
  return [join(root, path), lines.join('\n')];
}

describe('the server', () => {
  it('keeps queries out of route files: they parse, authorise, call a service and present', () => {
    expect(everywhere(routeFileQueries)).toEqual([]);
  });

  it('keeps Fastify out of services: they take the database and plain values', () => {
    expect(everywhere(servicesSeeingHttp)).toEqual([]);
  });

  it('registers its /api routes only from their declarations, with route()', () => {
    expect(everywhere(handWrittenRoutes)).toEqual([]);
  });

  it('reaches another area only through its service.ts and present.ts, and registers routes in app.ts', () => {
    expect(everywhere(areaInternals)).toEqual([]);
  });

  it('imports across areas by the #server/ aliases; a relative import stays in its area', () => {
    expect(everywhere(relativeEscapes)).toEqual([]);
  });

  it('reads the admin list only where it is configured or handed to a policy', () => {
    expect(everywhere(adminListReaders)).toEqual([]);
  });
});

describe('the server rules', () => {
  it('see a service that takes a request', () => {
    const [file, text] = example(
      'server/words/service.ts',
      "import type { FastifyRequest } from 'fastify';",
      "import { eq } from 'drizzle-orm';",
    );
    expect(servicesSeeingHttp(file, text)).toEqual(['server/words/service.ts imports fastify']);
    expect(
      servicesSeeingHttp(
        ...example('server/words/present.ts', "import type { FastifyRequest } from 'fastify';"),
      ),
    ).toEqual([]);
  });

  it('see a route file that queries, by import or by call', () => {
    const [file, text] = example(
      'server/words/routes.ts',
      "import { eq } from 'drizzle-orm';",
      "import { savedWords } from '#server/db/schema.ts';",
      "app.get('/words/', async () => app.db.select().from(savedWords));",
      'const rows = await admin.pool.query(sql`SELECT 1`);',
    );
    expect(routeFileQueries(file, text)).toEqual([
      'server/words/routes.ts imports drizzle-orm',
      'server/words/routes.ts imports #server/db/schema.ts',
      'server/words/routes.ts calls .db.select',
      'server/words/routes.ts calls .pool.query',
      'server/words/routes.ts writes SQL',
    ]);
    const [service, query] = example('server/words/service.ts', "import { eq } from 'drizzle-orm';");
    expect(routeFileQueries(service, query)).toEqual([]);
  });

  it('see a route file that registers a route by hand, and let the non-API ones and other calls be', () => {
    const [file, text] = example(
      'server/words/routes.ts',
      "app.get('/words/', async () => []);",
      'admin.post("/words/save/", async () => ({}));',
      'route(app, words.listWords, async () => (await app.storage.get(file.key)).rows);',
      "scope.route({ method: 'GET', url: '/words/', handler });",
      "const text = request.headers.get('x-words');",
    );
    expect(handWrittenRoutes(file, text)).toEqual([
      'server/words/routes.ts registers GET /words/ by hand; use route()',
      'server/words/routes.ts registers POST /words/save/ by hand; use route()',
      'server/words/routes.ts registers a route by hand; use route()',
    ]);
    const [auth, authText] = example('server/auth/routes.ts', "app.post('/token', async () => ({}));");
    expect(handWrittenRoutes(auth, authText)).toEqual([]);
  });

  it("see an import of another area's internals or routes, and let shared folders and public files be", () => {
    const [file, text] = example(
      'server/progress/service.ts',
      "import { TrigramIndex } from '#server/library/search-index.ts';",
      "import { libraryRoutes } from '#server/library/routes.ts';",
      "import { getStoryDetail } from '#server/library/service.ts';",
      "import { presentDetail } from '#server/library/present.ts';",
      "import { HttpError } from '#server/http/errors.ts';",
      "import { canSee } from '#server/policies/rules.ts';",
      "import { addWordsToDay } from './service.ts';",
    );
    expect(areaInternals(file, text)).toEqual([
      'server/progress/service.ts imports #server/library/search-index.ts, inside library/',
      'server/progress/service.ts imports #server/library/routes.ts, inside library/',
    ]);
  });

  it('see a relative import that leaves its area, and let one inside the area be', () => {
    const [file, text] = example(
      'server/dictionary/lookup/service.ts',
      "import { currentImport } from '../store.ts';",
      "import type { LookupCache } from './cache.ts';",
      "import { HttpError } from '../../http/errors.ts';",
    );
    expect(relativeEscapes(file, text)).toEqual([
      'server/dictionary/lookup/service.ts imports ../../http/errors.ts; use #server/…',
    ]);
  });

  it('see the admin list read outside the policies', () => {
    const [file, text] = example(
      'server/library/service.ts',
      'if (viewer.adminEmails.includes(email)) return story;',
    );
    expect(adminListReaders(file, text)).toEqual(['server/library/service.ts reads the admin list']);
    expect(projectPath(file)).toBe('server/library/service.ts');
  });
});
