import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importedFolders, root, sourceFiles } from './source.ts';

// The web app's layout (issue 18 §5): web/routes/ is the route table, a screen is a feature's component, and a
// feature's subfolders are its own business. Sizes are the one rule of sizes.test.ts.

const MAX_ROUTE_LINES = 30;

const webFiles = sourceFiles(join(root, 'web')).filter((file) => !/\.test\.tsx?$/.test(file));
const pathOf = (file: string) => relative(root, file).replaceAll('\\', '/');

/** Why a route file is more than a thin wrapper, if it is: too long, or calling a hook other than useParams. */
function routeProblems(path: string, text: string): string[] {
  const problems: string[] = [];
  const lines = text.trimEnd().split('\n').length;
  if (lines > MAX_ROUTE_LINES) problems.push(`${path} has ${lines} lines (at most ${MAX_ROUTE_LINES})`);
  for (const [hook] of text.matchAll(/\buse[A-Z]\w*(?=\s*[(<])/g)) {
    if (hook !== 'useParams') problems.push(`${path} calls ${hook}`);
  }
  return problems;
}

/** The feature a path is in (`web/features/<feature>/…`), and whether it sits in one of the feature's subfolders. */
function featureOf(path: string): { feature: string; isInternal: boolean } | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'web' || parts[1] !== 'features' || parts.length < 4) return undefined;
  return { feature: parts[2] ?? '', isInternal: parts.length > 4 };
}

/** Imports of another feature's subfolders: a feature offers the files at its top, and keeps the rest. */
function featureImportProblems(file: string, text: string): string[] {
  const from = featureOf(pathOf(file));
  if (!from) return [];
  return importedFolders(file, text).flatMap(({ specifier, folder }) => {
    if (folder !== 'web') return [];
    const target = specifier.startsWith('#web/')
      ? join(root, specifier.slice(1))
      : resolve(file, '..', specifier);
    const to = featureOf(pathOf(target));
    if (!to || to.feature === from.feature || !to.isInternal) return [];
    return [`${pathOf(file)} imports ${specifier}, inside the ${to.feature} feature`];
  });
}

/** The text of every string and template literal of a file, each with its line. */
function literalsOf(path: string, text: string): { line: number; text: string }[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const literals: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      literals.push({ line, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return literals;
}

/**
 * Every address of the API a file spells by hand: an endpoint's method and path are declared once, in
 * common/endpoints/, and the web calls it with call(declaration, input) (decision 021).
 */
function apiPathProblems(path: string, text: string): string[] {
  return literalsOf(path, text)
    .filter((literal) => literal.text.includes('/api/'))
    .map((literal) => `${path}:${literal.line} spells the API path '${literal.text}'`);
}

/** Where a query key is given: a query's or a filter's `queryKey:`, or the key a cache read or write takes. */
// get/setQueriesData take filters ({ queryKey: … }), which the first alternative sees.
const KEY_PLACES = /\bqueryKey:\s*|\b(?:get|set)QueryData(?:<[^>]*>)?\(\s*/g;

/**
 * Every query key a file makes by hand rather than from the registry (web/lib/queryKeys.ts), where each key is
 * made once, so a query and the invalidations that must reach it cannot drift apart.
 */
function queryKeyProblems(path: string, text: string): string[] {
  if (path === 'web/lib/queryKeys.ts') return [];
  return [...text.matchAll(KEY_PLACES)].flatMap((match) => {
    const at = (match.index ?? 0) + match[0].length;
    if (text.startsWith('queryKeys.', at)) return [];
    const lines = text.slice(0, at).split('\n');
    const code = `${lines.at(-1) ?? ''}${text.slice(at).split('\n')[0]}`.trim();
    return [`${path}:${lines.length} makes a query key by hand, not from queryKeys: ${code}`];
  });
}

describe('the web app', () => {
  it(`keeps each file in web/routes/ a thin wrapper: at most ${MAX_ROUTE_LINES} lines that read the address (useParams at most) and hand it to a feature's screen, with no state, effects, queries or other hooks`, () => {
    const routes = webFiles.filter((file) => pathOf(file).startsWith('web/routes/'));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.flatMap((file) => routeProblems(pathOf(file), readFileSync(file, 'utf8')))).toEqual([]);
  });

  it("keeps each feature out of another feature's subfolders", () => {
    expect(webFiles.flatMap((file) => featureImportProblems(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it("calls the API through its endpoints' declarations, never an /api/ path spelled by hand", () => {
    expect(webFiles.flatMap((file) => apiPathProblems(pathOf(file), readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('takes every query key from the one registry, web/lib/queryKeys.ts', () => {
    expect(webFiles.flatMap((file) => queryKeyProblems(pathOf(file), readFileSync(file, 'utf8')))).toEqual(
      [],
    );
  });
});

describe('the web rules', () => {
  it('see a route file that holds a screen: its state, its effects, its length', () => {
    const thin = [
      "import { useParams } from 'react-router';",
      "import { StoryPage } from '#web/features/library/StoryPage.tsx';",
      'export function Story() {',
      '  const id = Number(useParams().storyId);',
      '  return <StoryPage storyId={id} />;',
      '}',
    ].join('\n');
    const screen = [
      'export function Apply() {',
      '  const [draft, setDraft] = useState<Draft>(EMPTY);',
      '  useEffect(() => {}, []);',
      ...Array.from({ length: 40 }, () => '  // …'),
      '}',
    ].join('\n');

    expect(routeProblems('web/routes/Story.tsx', thin)).toEqual([]);
    expect(routeProblems('web/routes/Apply.tsx', screen)).toEqual([
      'web/routes/Apply.tsx has 44 lines (at most 30)',
      'web/routes/Apply.tsx calls useState',
      'web/routes/Apply.tsx calls useEffect',
    ]);
  });

  it("see a feature reaching into another feature's subfolder, by alias or by relative path", () => {
    const file = join(root, 'web', 'features', 'reader', 'Reader.tsx');
    const text = [
      "import { StoryEditor } from '#web/features/admin/editor/StoryEditor.tsx';",
      "import { ApplyPage } from '../narrators/apply/ApplyPage.tsx';",
      "import { useSession } from '#web/features/auth/session.tsx';",
      "import { splitWords } from './text/split.ts';",
      "import { Button } from '#web/components/ui/Button.tsx';",
    ].join('\n');

    expect(featureImportProblems(file, text)).toEqual([
      'web/features/reader/Reader.tsx imports #web/features/admin/editor/StoryEditor.tsx, inside the admin feature',
      'web/features/reader/Reader.tsx imports ../narrators/apply/ApplyPage.tsx, inside the narrators feature',
    ]);
  });

  it('see an API path spelled by hand, in a string or a template, but not in a comment', () => {
    const text = [
      '/** The languages (GET /api/languages/). */',
      'const languages = () => call(listLanguages, {});',
      'const story = (id: number) => api(`/api/stories/$' + '{id}/`);',
      "fetch('/api/track-reading-time/', { method: 'POST', keepalive: true });",
    ].join('\n');

    expect(apiPathProblems('web/features/x/queries.ts', text)).toEqual([
      "web/features/x/queries.ts:3 spells the API path '/api/stories/'",
      "web/features/x/queries.ts:4 spells the API path '/api/track-reading-time/'",
    ]);
  });

  it('see a query key made inline, for a query, an invalidation or a cache write', () => {
    const text = [
      'useQuery({ queryKey: queryKeys.words(), queryFn });',
      "useQuery({ queryKey: ['words'], queryFn });",
      "void queryClient.invalidateQueries({ queryKey: [...queryKeys.stories(), 'list'] });",
      "queryClient.setQueryData<DailyGoal>(['daily-goal', language], saved);",
      'queryClient.setQueryData(queryKeys.dailyGoal(language), saved);',
    ].join('\n');

    expect(queryKeyProblems('web/features/x/queries.ts', text)).toEqual([
      "web/features/x/queries.ts:2 makes a query key by hand, not from queryKeys: useQuery({ queryKey: ['words'], queryFn });",
      "web/features/x/queries.ts:3 makes a query key by hand, not from queryKeys: void queryClient.invalidateQueries({ queryKey: [...queryKeys.stories(), 'list'] });",
      "web/features/x/queries.ts:4 makes a query key by hand, not from queryKeys: queryClient.setQueryData<DailyGoal>(['daily-goal', language], saved);",
    ]);
    expect(queryKeyProblems('web/lib/queryKeys.ts', "const words = () => ['words'];")).toEqual([]);
  });
});
