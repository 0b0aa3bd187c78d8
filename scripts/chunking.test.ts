import { describe, expect, it } from 'vitest';
import { authChunkNamer, type ChunkingModule } from './chunking.ts';

const ICONS = '/app/node_modules/lucide-react/dist/esm';

/** A module graph of the app's shape: `imports` maps each module to those it imports statically. */
function graph(imports: Record<string, string[]>, dynamic: string[], code: Record<string, string> = {}) {
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
  const name = authChunkNamer();
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
