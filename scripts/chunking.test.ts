import { describe, expect, it } from 'vitest';
import { authChunkNamer, type ChunkingModule, sharedChunkNamer } from './chunking.ts';

const ICONS = '/app/node_modules/lucide-react/dist/esm';

/** A module graph of the app's shape: `imports` maps each module to those it imports statically. */
function graph(
  imports: Record<string, string[]>,
  dynamic: string[],
  code: Record<string, string> = {},
  namer = authChunkNamer,
) {
  const modules = new Map<string, { importers: string[]; dynamicImporters: string[]; isEntry: boolean }>();
  const add = (id: string) => {
    const module = modules.get(id) ?? { importers: [], dynamicImporters: [], isEntry: false };
    modules.set(id, module);
    return module;
  };
  for (const [importer, imported] of Object.entries(imports)) {
    add(importer);
    for (const id of imported) add(id).importers.push(importer);
  }
  for (const id of dynamic) add(id).dynamicImporters.push('/app/web/main.tsx');
  add('/app/web/main.tsx').isEntry = true;
  const infoOf = (id: string): ChunkingModule | null => {
    const module = modules.get(id);
    return module ? { ...module, code: code[id] ?? '' } : null;
  };
  const name = namer();
  return (id: string) => name(id, { getModuleInfo: infoOf });
}

describe("the 'auth' chunk", () => {
  const chunkOf = graph(
    {
      '/app/web/main.tsx': ['/app/web/router.tsx'],
      '/app/web/features/auth/client.ts': ['/app/node_modules/auth-js/index.js'],
      '/app/web/routes/SignIn.tsx': ['/app/web/features/auth/Form.tsx', `${ICONS}/lucide-react.mjs`],
      '/app/web/routes/SignUp.tsx': ['/app/web/features/auth/Form.tsx'],
      '/app/web/features/auth/Form.tsx': ['/app/web/components/ui/Button.tsx'],
      '/app/web/routes/Dashboard.tsx': [
        '/app/web/components/ui/Button.tsx',
        '/app/web/lib/call.ts',
        `${ICONS}/lucide-react.mjs`,
      ],
      '/app/web/routes/Reader.tsx': ['/app/web/lib/call.ts', `${ICONS}/lucide-react.mjs`],
      [`${ICONS}/lucide-react.mjs`]: [
        `${ICONS}/icons/index.mjs`,
        `${ICONS}/icons/quote.mjs`,
        `${ICONS}/icons/x.mjs`,
      ],
      [`${ICONS}/icons/index.mjs`]: [`${ICONS}/icons/quote.mjs`, `${ICONS}/icons/x.mjs`],
    },
    [
      '/app/web/features/auth/client.ts',
      '/app/web/routes/SignIn.tsx',
      '/app/web/routes/SignUp.tsx',
      '/app/web/routes/Dashboard.tsx',
      '/app/web/routes/Reader.tsx',
    ],
    {
      [`${ICONS}/lucide-react.mjs`]: [
        "export { default as Quote, default as QuoteIcon } from './icons/quote.mjs';",
        "export { default as X, default as XIcon } from './icons/x.mjs';",
      ].join('\n'),
      '/app/web/routes/SignIn.tsx': 'import { Quote } from "lucide-react";',
      '/app/web/routes/Dashboard.tsx': 'import { Quote, XIcon as Close } from "lucide-react";',
      '/app/web/routes/Reader.tsx': 'import { X } from "lucide-react";',
    },
  );

  it('holds the auth client and what it imports', () => {
    expect(chunkOf('/app/web/features/auth/client.ts')).toBe('auth');
    expect(chunkOf('/app/node_modules/auth-js/index.js')).toBe('auth');
  });

  it('holds what a sign-in screen shares with any other chunk, and leaves the rest to the later groups', () => {
    expect(chunkOf('/app/web/features/auth/Form.tsx')).toBe('auth');
    expect(chunkOf('/app/web/components/ui/Button.tsx')).toBe('auth');
    expect(chunkOf('/app/web/lib/call.ts')).toBeNull();
    expect(chunkOf('/app/web/routes/SignIn.tsx')).toBeNull();
  });

  it("counts an icon reached by the modules that name it, not by every importer of lucide-react's entry", () => {
    expect(chunkOf(`${ICONS}/icons/quote.mjs`)).toBe('auth'); // SignIn and Dashboard
    expect(chunkOf(`${ICONS}/icons/x.mjs`)).toBeNull(); // Dashboard (as XIcon) and Reader
  });
});

describe("the 'shared' chunk", () => {
  const chunkOf = graph(
    {
      '/app/web/main.tsx': ['/app/web/router.tsx'],
      '/app/web/routes/Dashboard.tsx': ['/app/web/lib/call.ts', '/app/web/components/ui/Dialog.tsx'],
      '/app/web/routes/Reader.tsx': ['/app/web/lib/call.ts', '/app/web/features/reader/Text.tsx'],
      '/app/web/routes/Admin.tsx': ['/app/web/features/admin/Form.tsx', '/app/web/components/ui/Dialog.tsx'],
      '/app/web/routes/AdminStory.tsx': ['/app/web/features/admin/Form.tsx'],
      '/app/web/features/admin/Form.tsx': [
        '/app/web/components/ui/Select.tsx',
        '/app/web/features/admin/cover.ts',
      ],
      '/app/web/components/ui/Select.tsx': [
        '/app/node_modules/@radix-ui/react-select/index.mjs',
        '/app/node_modules/@radix-ui/react-primitive/index.mjs',
      ],
      '/app/web/components/ui/Dialog.tsx': ['/app/node_modules/@radix-ui/react-primitive/index.mjs'],
    },
    [
      '/app/web/routes/Dashboard.tsx',
      '/app/web/routes/Reader.tsx',
      '/app/web/routes/Admin.tsx',
      '/app/web/routes/AdminStory.tsx',
      '/app/node_modules/browser-image-compression/index.mjs',
    ],
    {},
    sharedChunkNamer,
  );

  it('holds what two or more chunks share when a learner’s screen is among them', () => {
    expect(chunkOf('/app/web/lib/call.ts')).toBe('shared');
    expect(chunkOf('/app/web/components/ui/Dialog.tsx')).toBe('shared');
    // Imported by the admin's Select too, but reached by the library's dialog: still shared.
    expect(chunkOf('/app/node_modules/@radix-ui/react-primitive/index.mjs')).toBe('shared');
  });

  it('leaves out what only the administrators’ screens share, and what one chunk alone uses', () => {
    expect(chunkOf('/app/web/features/admin/Form.tsx')).toBeNull();
    expect(chunkOf('/app/web/components/ui/Select.tsx')).toBeNull();
    expect(chunkOf('/app/node_modules/@radix-ui/react-select/index.mjs')).toBeNull();
    expect(chunkOf('/app/web/features/reader/Text.tsx')).toBeNull();
  });
});
