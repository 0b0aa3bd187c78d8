// One size rule for every source folder (issue 18): a file a reader takes in at once, a function they keep in
// their head. A file or function may be longer for a reason, written beside it: a line starting
// `// Longer because:` at the top of the file, or on the line above the function.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './source.ts';

const MAX_FILE_LINES = 450;
const MAX_FUNCTION_LINES = 80;
const LONGER_BECAUSE = /^\s*\/\/ Longer because: \S/;

/** Source, not tests: test files, the test harness and end-to-end specs may be as long as their cases. */
const isTest = (path: string) => /\.test\.tsx?$|^server\/testing\/|^e2e\//.test(path);
const pathOf = (file: string) => relative(root, file).replaceAll('\\', '/');

const sources = ['common', 'server', 'web', 'bench']
  .flatMap((folder) => sourceFiles(join(root, folder)))
  .filter((file) => !isTest(pathOf(file)) && !pathOf(file).includes('/migrations/'));

/** The file, when it is longer than the limit and its first line does not say why. */
function longFile(path: string, text: string): string[] {
  const lines = text.trimEnd().split('\n');
  if (lines.length <= MAX_FILE_LINES || LONGER_BECAUSE.test(lines[0] ?? '')) return [];
  return [`${path} has ${lines.length} lines (at most ${MAX_FILE_LINES})`];
}

/** Every function longer than the limit without a reason on the line above it (or above its statement). */
function longFunctions(path: string, text: string): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const problems: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = lineOf(node.getStart(source));
      const length = lineOf(node.getEnd()) - first + 1;
      // A function given to a variable (`const Screen = () => …`) starts at its statement.
      const statement = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node;
      const above = lineOf(statement.getStart(source)) - 1;
      if (length > MAX_FUNCTION_LINES && !LONGER_BECAUSE.test(lines[above] ?? '')) {
        problems.push(
          `${path}:${first + 1} has a function of ${length} lines (at most ${MAX_FUNCTION_LINES})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

describe('every source file', () => {
  it(`is at most ${MAX_FILE_LINES} lines, or says why on its first line`, () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(sources.flatMap((file) => longFile(pathOf(file), readFileSync(file, 'utf8')))).toEqual([]);
  });

  it(`keeps each function to ${MAX_FUNCTION_LINES} lines, or says why on the line above it`, () => {
    expect(sources.flatMap((file) => longFunctions(pathOf(file), readFileSync(file, 'utf8')))).toEqual([]);
  });
});

describe('the size rules', () => {
  const body = (lines: number) =>
    Array.from({ length: lines }, (_, index) => `  const line${index} = ${index};`);

  it('see a long file, unless its first line says why', () => {
    const long = Array.from({ length: 451 }, (_, index) => `export const line${index} = ${index};`);

    expect(longFile('server/a.ts', long.join('\n'))).toEqual(['server/a.ts has 451 lines (at most 450)']);
    expect(longFile('server/a.ts', ['// Longer because: data, one table.', ...long].join('\n'))).toEqual([]);
  });

  it('see a long function, declared or given to a variable, unless the line above it says why', () => {
    const declared = ['export function f() {', ...body(80), '}'];
    const arrow = ['export const g = () => {', ...body(80), '};'];
    const short = ['export function h() {', ...body(78), '}'];

    expect(longFunctions('web/a.ts', [...declared, ...arrow, ...short].join('\n'))).toEqual([
      'web/a.ts:1 has a function of 82 lines (at most 80)',
      'web/a.ts:83 has a function of 82 lines (at most 80)',
    ]);
    expect(
      longFunctions('web/a.ts', ['// Longer because: one table of answers.', ...declared].join('\n')),
    ).toEqual([]);
  });

  it('leave tests and the test harness out', () => {
    expect(
      ['server/a.test.ts', 'web/B.test.tsx', 'server/testing/app.ts', 'e2e/a.spec.ts'].every(isTest),
    ).toBe(true);
    expect(['server/app.ts', 'web/lib/call.ts', 'bench/load.ts'].some(isTest)).toBe(false);
  });
});
