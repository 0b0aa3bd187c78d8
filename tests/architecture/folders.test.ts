import { readFileSync } from 'node:fs';
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

/** The packages common/ may use: what both sides agree on is schemas and plain TypeScript. */
const COMMON_PACKAGES = new Set(['zod']);

/** Imports of a common/ source file that leave common/: another folder of ours, or a package other than zod. */
function commonEscapes(file: string, text: string): string[] {
  return importedFolders(file, text)
    .filter(({ specifier, folder }) =>
      folder === undefined ? !COMMON_PACKAGES.has(specifier) : folder !== 'common',
    )
    .map(({ specifier }) => `${relative(root, file)} imports ${specifier}`);
}

describe('the source folders', () => {
  it('keep common/ to itself and zod: nothing of ours, no other package (tests aside)', () => {
    const files = sourceFiles(join(root, 'common')).filter((file) => !file.endsWith('.test.ts'));
    expect(files.flatMap((file) => commonEscapes(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('see common/ reaching for a package or a folder of ours', () => {
    const file = join(root, 'common', 'example.ts');
    const text = [
      "import { z } from 'zod';",
      "import { eq } from 'drizzle-orm';",
      "import { wordCount } from './stories.ts';",
      "import { HttpError } from '#server/http/errors.ts';",
      "import { call } from '../web/lib/call.ts';",
    ].join('\n');

    expect(commonEscapes(file, text)).toEqual([
      'common/example.ts imports drizzle-orm',
      'common/example.ts imports #server/http/errors.ts',
      'common/example.ts imports ../web/lib/call.ts',
    ]);
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
