import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedFolders, root, sourceFiles } from './source.ts';

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
