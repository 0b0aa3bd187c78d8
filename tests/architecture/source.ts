import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The project's root folder. */
export const root = resolve(import.meta.dirname, '..', '..');

/** Every .ts and .tsx file under a folder, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every module a file imports, resolved to a folder of the project when it is one of ours. */
export function importedFolders(file: string, text = readFileSync(file, 'utf8')) {
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
