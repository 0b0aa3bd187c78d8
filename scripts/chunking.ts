// Which chunk a module of the web app goes into, for vite.config.ts's `codeSplitting` (docs/decisions/098, 101):
// the auth client and every module two or more chunks share that a sign-in screen needs go into 'auth', so a
// sign-in page loads the entry, 'auth' and its screen, never the signed-in screens' 'shared' chunk.

/** What the chunking sees of a module (Rolldown's ModuleInfo): its importers, whether it starts a chunk, its code. */
export interface ChunkingModule {
  importers: readonly string[];
  dynamicImporters: readonly string[];
  isEntry: boolean;
  code: string | null;
}
export type ModuleInfoOf = (id: string) => ChunkingModule | null;

/** The auth client's module: its chunk also holds what the sign-in screens share. */
const AUTH_CLIENT = /[\\/]web[\\/]features[\\/]auth[\\/]client\.ts$/;
/** The screens a visitor signs in or up on: they load the entry, the auth chunk and their own, never 'shared'. */
const SIGN_IN_SCREENS = /[\\/]web[\\/]routes[\\/](SignIn|SignUp|VerifyLink)\.tsx$/;

// lucide-react's entry re-exports every icon (and its icons/index.mjs every icon again), so in the module graph a
// module that imports one icon from 'lucide-react' reaches them all; it uses only those it names.
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]index\.mjs$/;
const ICON_ENTRY = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_FILE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
const ICON_IMPORTS = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const ICON_EXPORTS = /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g;

/** The names lucide-react's entry gives each icon file ('quote' → Quote, QuoteIcon, LucideQuote). */
function iconNamesOf(entryCode: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  for (const [, list = '', file = ''] of entryCode.matchAll(ICON_EXPORTS)) {
    names.set(file, new Set([...list.matchAll(/\bas (\w+)/g)].map((match) => match[1] ?? '')));
  }
  return names;
}

/** The names a module imports from 'lucide-react'. */
function iconsImportedBy(code: string): Set<string> {
  const lists = [...code.matchAll(ICON_IMPORTS)].map((clause) => clause[1] ?? '');
  return new Set(lists.flatMap((list) => list.split(',').map((name) => name.trim().split(/\s+/)[0] ?? '')));
}

/** A memo of `make(key)`. */
function memo<Value>(make: (key: string) => Value): (key: string) => Value {
  const values = new Map<string, Value>();
  return (key) => {
    if (!values.has(key)) values.set(key, make(key));
    return values.get(key) as Value;
  };
}

/**
 * For one build: the modules that start a chunk (the entry, or one imported dynamically: a lazy screen, a dialog,
 * the auth client) whose static imports reach a module. Each module's information, users and chunk starts are
 * read once: the walks cross the same modules again and again.
 */
function chunkStarts(): (id: string, context: { getModuleInfo: ModuleInfoOf }) => readonly string[] {
  let getInfo: ModuleInfoOf = () => null;
  const infoOf = memo((id) => getInfo(id));
  const iconNames = memo((entry) => iconNamesOf(infoOf(entry)?.code ?? ''));
  const iconImports = memo((id) => iconsImportedBy(infoOf(id)?.code ?? ''));

  /** The importers of a module that use it: all of them, but for an icon those that name it. */
  const usersOf = memo((module): readonly string[] => {
    const importers = infoOf(module)?.importers ?? [];
    const file = ICON_FILE.exec(module)?.[1];
    if (!file) return importers;
    return importers.flatMap((importer) => {
      if (ICON_INDEX.test(importer)) return [];
      if (!ICON_ENTRY.test(importer)) return [importer];
      const users = infoOf(importer)?.importers ?? [];
      const names = iconNames(importer).get(file);
      if (!names) return [...users]; // not re-exported as expected: every user counted, as Rolldown's graph has it
      return users.filter((user) => [...names].some((name) => iconImports(user).has(name)));
    });
  });

  /**
   * The modules that start a chunk (the entry, or one imported dynamically: a lazy screen, a dialog, the auth
   * client) whose static imports reach `id`, by walking its users up. A module met on the way whose starts are
   * known adds them and is not walked again: they reach `id` through it.
   */
  const known = new Map<string, ReadonlySet<string>>();
  const startsReaching = (id: string): ReadonlySet<string> => {
    const starts = new Set<string>();
    const seen = new Set([id]);
    const stack = [id];
    for (let module = stack.pop(); module !== undefined; module = stack.pop()) {
      const reached = module === id ? undefined : known.get(module);
      for (const start of reached ?? []) starts.add(start);
      const info = reached ? null : infoOf(module);
      if (!info) continue;
      if (info.isEntry || info.dynamicImporters.length > 0) starts.add(module);
      for (const user of usersOf(module)) {
        if (!seen.has(user)) {
          seen.add(user);
          stack.push(user);
        }
      }
    }
    known.set(id, starts);
    return starts;
  };

  return (id, context) => {
    getInfo = (module) => context.getModuleInfo(module);
    return [...startsReaching(id)];
  };
}

/**
 * The 'auth' chunk's name function for one build: 'auth' for the auth client and what it imports, and for every
 * module two or more chunks share that a sign-in screen reaches; null (left to the later groups) otherwise.
 */
export function authChunkNamer(): (id: string, context: { getModuleInfo: ModuleInfoOf }) => string | null {
  const startsOf = chunkStarts();
  return (id, context) => {
    const starts = startsOf(id, context);
    if (starts.some((start) => AUTH_CLIENT.test(start))) return 'auth';
    return starts.length >= 2 && starts.some((start) => SIGN_IN_SCREENS.test(start)) ? 'auth' : null;
  };
}

/** The administrators' screens and what they load lazily (the cover's image compression). */
const ADMIN_START = /[\\/]web[\\/](routes[\\/]Admin\w*\.tsx|features[\\/]admin[\\/])/;

/**
 * The 'shared' chunk's name function for one build: 'shared' for a module two or more chunks share, unless only
 * the administrators' screens reach it (their Select with Floating UI, their forms), which Rolldown then puts in
 * a chunk of their own: the library and the reader no longer download and run them (docs/decisions/111).
 */
export function sharedChunkNamer(): (id: string, context: { getModuleInfo: ModuleInfoOf }) => string | null {
  const startsOf = chunkStarts();
  return (id, context) => {
    const starts = startsOf(id, context);
    if (starts.length < 2) return null;
    return starts.every((start) => ADMIN_START.test(start)) ? null : 'shared';
  };
}
