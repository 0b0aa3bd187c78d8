// The server's layout rules (docs/decisions/019-server-areas.md) as functions of a file's path and text, so the
// tests can run them on the real tree and on made-up files that break them.
import { relative, resolve } from 'node:path';
import { importedFolders, root } from './source.ts';

/** Folders every area may use whole: plumbing, not a thing a learner or an admin does. */
export const SHARED_FOLDERS = ['db', 'http', 'jobs', 'mail', 'policies', 'storage', 'testing', 'uploads'];

/** The files by which an area answers the others: what it does, and how it presents it. */
export const PUBLIC_FILES = ['service.ts', 'present.ts'];

/** The composition roots: they build the app or the process from every area's parts. */
export const ROOTS = ['server/app.ts', 'server/main.ts'];

const ROUTE_FILE = /(^|\/)(admin-)?routes\.ts$/;

/** A path relative to the project, with forward slashes. */
export function projectPath(file: string): string {
  return relative(root, file).split('\\').join('/');
}

/** The server file an import names (by #server/ alias or relative path), or undefined for anything else. */
export function serverTarget(file: string, specifier: string): string | undefined {
  const alias = specifier.match(/^#server\/(.+)$/);
  if (alias?.[1]) return `server/${alias[1]}`;
  if (!specifier.startsWith('.')) return undefined;
  const target = projectPath(resolve(file, '..', specifier));
  return target.startsWith('server/') ? target : undefined;
}

/** The area a server file belongs to: its folder under server/ ('' for the files at server/'s top). */
export function areaOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? (parts[1] ?? '') : '';
}

const isTest = (path: string) => /\.test\.ts$/.test(path);

/** Route files that reach the database themselves instead of asking a service. */
export function routeFileQueries(file: string, text: string): string[] {
  const path = projectPath(file);
  if (!ROUTE_FILE.test(path) || isTest(path)) return [];
  const found = importedFolders(file, text)
    .map(({ specifier }) => specifier)
    .filter((specifier) => /^(drizzle-orm|pg|pg-copy-streams)(\/|$)|^#server\/db\//.test(specifier))
    .map((specifier) => `${path} imports ${specifier}`);
  // The query builder and the pool, however the instance is named (app.db, admin.db, scope.pool).
  for (const match of text.matchAll(
    /\.(db|pool)\s*\.\s*(select|insert|update|delete|execute|query|transaction)\b/g,
  )) {
    found.push(`${path} calls .${match[1]}.${match[2]}`);
  }
  if (/\bsql`/.test(text)) found.push(`${path} writes SQL`);
  return found;
}

/** Services that see HTTP: a service takes the database and plain values, and never Fastify or a request. */
export function servicesSeeingHttp(file: string, text: string): string[] {
  const path = projectPath(file);
  if (!/\/service\.ts$/.test(path)) return [];
  return importedFolders(file, text)
    .map(({ specifier }) => specifier)
    .filter((specifier) => /^(fastify|@fastify\/)/.test(specifier))
    .map((specifier) => `${path} imports ${specifier}`);
}

/** Route files whose routes are no /api endpoints: GoTrue's /auth/v1 (its own contract) and the dev outbox. */
export const NON_API_ROUTE_FILES = ['server/auth/routes.ts', 'server/mail/routes.ts'];

/**
 * Routes a route file registers by hand (`app.get('/…', …)`, `app.route({ … })`) instead of from their
 * declaration with route() (docs/decisions/021-endpoint-contracts.md).
 */
export function handWrittenRoutes(file: string, text: string): string[] {
  const path = projectPath(file);
  if (!ROUTE_FILE.test(path) || isTest(path) || NON_API_ROUTE_FILES.includes(path)) return [];
  const found = [
    ...text.matchAll(/\.(get|post|put|patch|delete|head|options|all)\s*\(\s*['"`](\/[^'"`]*)/g),
  ].map((match) => `${path} registers ${match[1]?.toUpperCase()} ${match[2]} by hand; use route()`);
  if (/\.route\s*\(\s*\{/.test(text)) found.push(`${path} registers a route by hand; use route()`);
  return found;
}

/**
 * Imports that reach into another area's internals: from outside its folder, an area is used through its
 * service.ts and present.ts; its route files are registered by server/app.ts alone. Shared folders, the
 * files at server/'s top, the composition roots and tests are free.
 */
export function areaInternals(file: string, text: string): string[] {
  const path = projectPath(file);
  if (ROOTS.includes(path) || isTest(path) || path.startsWith('server/testing/')) return [];
  const from = areaOf(path);
  return importedFolders(file, text).flatMap(({ specifier }) => {
    const target = serverTarget(file, specifier);
    if (!target) return [];
    const to = areaOf(target);
    if (to === from || to === '' || SHARED_FOLDERS.includes(to)) return [];
    const name = target.slice(target.lastIndexOf('/') + 1);
    return PUBLIC_FILES.includes(name) ? [] : [`${path} imports ${specifier}, inside ${to}/`];
  });
}

/** Relative imports that leave their area (the #server/ aliases say where a file of another area is). */
export function relativeEscapes(file: string, text: string): string[] {
  const path = projectPath(file);
  return importedFolders(file, text).flatMap(({ specifier }) => {
    if (!specifier.startsWith('.')) return [];
    const target = serverTarget(file, specifier);
    const isSameArea = target !== undefined && areaOf(target) === areaOf(path);
    const isSameTopFolder = areaOf(path) === '' && target !== undefined && !target.slice(7).includes('/');
    return isSameArea || isSameTopFolder ? [] : [`${path} imports ${specifier}; use #server/…`];
  });
}

/** Where ADMIN_EMAILS may be read: where it is configured, handed to the viewer, logged or given to a rule. */
export const ADMIN_EMAILS_READERS = [
  'server/config.ts',
  'server/app.ts',
  'server/main.ts',
  'server/admin/cli.ts',
  'server/policies/rules.ts',
  'server/policies/viewer.ts',
];

/** Code outside the policies that reads the admin list, and so could decide who is an admin by hand. */
export function adminListReaders(file: string, text: string): string[] {
  const path = projectPath(file);
  if (isTest(path) || ADMIN_EMAILS_READERS.includes(path)) return [];
  return /\badminEmails\b|ADMIN_EMAILS/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''))
    ? [`${path} reads the admin list`]
    : [];
}
