// Who may do what is decided in server/policies/ and nowhere else (docs/decisions/018-policies-and-the-viewer.md).
// This table names every policy and every route that asks it, read from what the server registers: a route
// that starts or stops asking a policy, a new policy, or one nobody uses makes this test fail until the table
// says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_FILES, type Route, ServerGraph } from './server-graph.ts';
import { areaOf, projectPath } from './server-rules.ts';
import { root, sourceFiles } from './source.ts';

const ADMIN_SCOPE = [
  'GET /api/admin/languages/',
  'POST /api/admin/languages/',
  'PUT /api/admin/languages/:id/',
  'DELETE /api/admin/languages/:id/',
  'GET /api/admin/stories/',
  'POST /api/admin/stories/',
  'GET /api/admin/stories/:id/',
  'PUT /api/admin/stories/:id/',
  'DELETE /api/admin/stories/:id/',
  'GET /api/admin/stories/:storyId/chapters/',
  'POST /api/admin/stories/:storyId/chapters/',
  'PUT /api/admin/chapters/:id/',
  'DELETE /api/admin/chapters/:id/',
  'GET /api/admin/chapters/:id/read-along/',
  'POST /api/admin/chapters/:id/read-along/preview/',
  'PUT /api/admin/chapters/:id/read-along/',
  'DELETE /api/admin/chapters/:id/read-along/',
  'POST /api/admin/word-count/',
  'POST /api/admin/uploads/cover/',
  'POST /api/admin/uploads/audio/',
  'POST /api/admin/translations/upload/',
  'GET /api/admin/translations/imports/',
  'GET /api/admin/translations/imports/:id/',
  'DELETE /api/admin/translations/imports/:id/',
  'POST /api/admin/bulk-import-stories/',
  'GET /api/admin/bulk-import-stories/template/',
];

/** Each policy, and the routes that ask it (through their services, however deep). */
const POLICIES: Record<string, string[]> = {
  // The one guard, on the /api/admin/ scope and on the narrators' admin routes.
  requireAdmin: [
    'GET /api/teacher-applications/',
    'PATCH /api/teacher-applications/:id/toggle-contacted/',
    'GET /api/applicant-video/admin/list/',
    'GET /api/applicant-video/admin/signed-url/',
    ...ADMIN_SCOPE,
  ],
  // Deleting an account asks whether it is an administrator's, who may not be the last one.
  isAdmin: ['GET /api/admin/check-permission/'],
  mayDeleteOwnAccount: ['DELETE /api/me/'],
  canSee: ['GET /api/stories/:id/'],
  isLocked: ['GET /api/stories/:id/'],
  requireReadable: [
    'GET /api/chapters/:id/',
    'POST /api/chapters/:id/mark-known/',
    'POST /api/chapters/:id/mark-read/',
    'POST /api/chapters/:id/mark-unread/',
    'POST /api/track-reading-time/',
  ],
  // The data export presents the plan as GET /api/me/subscription/ does.
  isPro: ['GET /api/me/subscription/', 'POST /api/create-checkout-session/', 'GET /api/me/export/'],
  isPaying: ['GET /api/me/subscription/', 'POST /api/stripe/webhook/', 'GET /api/me/export/'],
  // No route asks it directly: the viewer applies it when it reads a role (policies/viewer.ts), and the admin
  // command tells with it whether ADMIN_EMAILS still lists an address it revokes.
  isAdminUser: [],
};

/** How the routes and the table disagree, in sentences; none when they agree. */
function disagreements(routes: Route[], table: Record<string, string[]>, policies: string[]): string[] {
  const asked = new Map<string, string[]>();
  for (const route of routes) {
    for (const policy of route.policies) asked.set(policy, [...(asked.get(policy) ?? []), route.key]);
  }
  const found: string[] = [];
  for (const policy of policies) if (!(policy in table)) found.push(`${policy} is not in the table`);
  for (const [policy, listed] of Object.entries(table)) {
    if (!policies.includes(policy)) found.push(`${policy} is in the table but is no policy`);
    const actual = asked.get(policy) ?? [];
    for (const key of actual) if (!listed.includes(key)) found.push(`${key} asks ${policy}, unlisted`);
    for (const key of listed)
      if (!actual.includes(key)) found.push(`${key} is listed for ${policy} but does not ask it`);
  }
  return found;
}

/** The exported functions of the policy files. */
function policyNames(read: (path: string) => string): string[] {
  return POLICY_FILES.flatMap((path) =>
    [...read(path).matchAll(/^export (?:async )?function (\w+)/gm)].map((match) => match[1] ?? ''),
  );
}

const readSource = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the policies', () => {
  it('are asked by exactly the routes the table names', () => {
    const routes = new ServerGraph().routes('server/app.ts', 'buildApp');
    expect(disagreements(routes, POLICIES, policyNames(readSource))).toEqual([]);
  });

  it('are each used outside server/policies/, by a route or by the code the table names', () => {
    const users = sourceFiles(join(root, 'server'))
      .map((file) => projectPath(file))
      .filter((path) => areaOf(path) !== 'policies' && !path.endsWith('.test.ts'))
      .map((path) => readSource(path));
    const unused = policyNames(readSource).filter(
      (policy) => !users.some((text) => new RegExp(`\\b${policy}\\b`).test(text)),
    );
    expect(unused).toEqual([]);
  });

  it('are asked by route files only through their functions, never by reading the flags themselves', () => {
    const byHand = sourceFiles(join(root, 'server'))
      .map((file) => projectPath(file))
      .filter((path) => /(^|\/)(admin-)?routes\.ts$/.test(path))
      .filter((path) => /\.(isPublished|isFree|isAdmin|isPro|isGrantedPro)\b/.test(readSource(path)));
    expect(byHand).toEqual([]);
  });

  it('see a route that starts asking a policy, and a policy nobody asks', () => {
    const texts = {
      'server/app.ts': [
        "import { shelfRoutes } from '#server/shelf/routes.ts';",
        'export async function buildApp(app) {',
        "  await app.register(async (api) => { await api.register(shelfRoutes); }, { prefix: '/api' });",
        '}',
      ].join('\n'),
      'server/shelf/routes.ts': [
        "import * as shelves from '#common/endpoints/shelves.ts';",
        "import { route } from '#server/http/contract.ts';",
        "import { isLocked } from '#server/policies/rules.ts';",
        "import { openShelf } from './service.ts';",
        'export async function shelfRoutes(app) {',
        '  route(app, shelves.openShelf, async ({ ids }, request) => openShelf(viewerOf(request), ids.id));',
        "  app.get('/shelf/:id/books/', async (request) => isLocked(viewerOf(request), request.params));",
        '}',
      ].join('\n'),
      'server/shelf/service.ts': [
        "import { canSee } from '#server/policies/rules.ts';",
        'export async function openShelf(viewer, shelf) {',
        '  return (await canSee(viewer, shelf)) ? shelf : null;',
        '}',
      ].join('\n'),
      'common/endpoints/shelves.ts': [
        "import { endpoint } from '../contract.ts';",
        'export const openShelf = endpoint({',
        "  method: 'GET',",
        "  path: '/api/shelves/:id/',",
        "  access: 'signed-in',",
        "  ids: { id: 'Shelf not found' },",
        '  response: Shelf,',
        '});',
      ].join('\n'),
    };
    const routes = new ServerGraph(texts).routes('server/app.ts', 'buildApp');
    expect(routes.map((route) => route.key)).toEqual(['GET /api/shelves/:id/', 'GET /api/shelf/:id/books/']);
    expect(
      disagreements(routes, { canSee: [], isLocked: ['GET /api/shelves/:id/'] }, ['canSee', 'isLocked']),
    ).toEqual([
      'GET /api/shelves/:id/ asks canSee, unlisted',
      'GET /api/shelf/:id/books/ asks isLocked, unlisted',
      'GET /api/shelves/:id/ is listed for isLocked but does not ask it',
    ]);
    expect(
      disagreements(routes, { canSee: ['GET /api/shelves/:id/'], isLocked: ['GET /api/shelf/:id/books/'] }, [
        'canSee',
        'isLocked',
        'isShelved',
      ]),
    ).toEqual(['isShelved is not in the table']);
  });

  it('refuse to guess a route whose declaration is not in common/endpoints/', () => {
    const texts = {
      'server/app.ts': [
        "import { route } from '#server/http/contract.ts';",
        'export async function buildApp(app) {',
        '  route(app, { ...made, path: "/api/x/" }, async () => ({}));',
        '}',
      ].join('\n'),
    };
    expect(() => new ServerGraph(texts).routes('server/app.ts', 'buildApp')).toThrow(
      'cannot be read from common/endpoints/',
    );
  });
});
