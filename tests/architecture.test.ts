import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every module a file imports, resolved to a folder of the project when it is one of ours. */
function importedFolders(file: string, text = readFileSync(file, 'utf8')) {
  const specifiers = [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2] ?? '');
  return specifiers.map((specifier) => {
    const alias = specifier.match(/^#(common|server|web)\//);
    if (alias) return { specifier, folder: alias[1] };
    if (specifier.startsWith('.')) {
      const target = relative(root, resolve(file, '..', specifier));
      return { specifier, folder: target.split(/[\\/]/)[0] };
    }
    return { specifier, folder: undefined };
  });
}

function violations(folder: string, forbidden: string[]): string[] {
  return sourceFiles(join(root, folder)).flatMap((file) =>
    importedFolders(file)
      .filter(({ folder: target }) => target !== undefined && forbidden.includes(target))
      .map(({ specifier }) => `${relative(root, file)} imports ${specifier}`),
  );
}

describe('the source folders', () => {
  it('keep common/ free of web/ and server/', () => {
    expect(violations('common', ['web', 'server'])).toEqual([]);
  });

  it('keep web/ free of server/', () => {
    expect(violations('web', ['server'])).toEqual([]);
  });

  it('keep server/ free of web/', () => {
    expect(violations('server', ['web'])).toEqual([]);
  });

  it('see an import into another folder, by alias or by relative path', () => {
    const file = join(root, 'common', 'example.ts');
    const text = [
      "import { buildApp } from '../server/app.ts';",
      "import type { App } from '#web/App.tsx';",
      "const lazy = import('../web/routes/Landing.tsx');",
      "import { z } from 'zod';",
      "export { displayName } from './identity.ts';",
    ].join('\n');

    expect(importedFolders(file, text).map(({ folder }) => folder)).toEqual([
      'server',
      'web',
      'web',
      undefined,
      'common',
    ]);
  });
});
