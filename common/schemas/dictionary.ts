import { z } from 'zod';
import { lazy } from '../lazy.ts';

const languageCode = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^[a-z]{2,3}$/, { error: `${name} must be a language code such as es.` });

/**
 * How many words POST /api/dict/lookups/ answers at once: a story saved for offline reading sends its distinct
 * words in requests of this many. Uncached, a thousand words took 0.2 to 1.2 s on two cores with a dictionary
 * of 200,000 entries (Korean words tried on their stems the slowest), so a request answers within a few seconds
 * and a long story takes a few requests.
 */
export const MAX_LOOKUPS_PER_REQUEST = 1000;
/** The longest surface or lemma a lookup takes, in UTF-16 code units, as LookupQuery bounds them. */
export const MAX_LOOKUP_FIELD_LENGTH = 200;

/** GET /api/dict/lookup/ (learner.md §7): a word as tapped, in the language of the text. */
export const LookupQuery = lazy(() =>
  z.object({
    language: languageCode('language'),
    surface: z
      .string({ error: 'surface is required' })
      .max(MAX_LOOKUP_FIELD_LENGTH, { error: 'surface is too long.' }),
    /** The language the translations are in; English, the base, unless given. */
    target: languageCode('target').default('en'),
    /**
     * The word's dictionary form, when the reader knows it (an analysed chapter: 食べる for 食べました): looked up
     * first, then the surface, in one request.
     */
    lemma: z
      .string({ error: 'lemma must be a word.' })
      .max(MAX_LOOKUP_FIELD_LENGTH, { error: 'lemma is too long.' })
      .optional(),
  }),
);
export type LookupQuery = z.infer<typeof LookupQuery>;

const LANGUAGE_CODE = /^[a-z]{2,3}$/;

/**
 * LookupQuery's parse of a valid query, written out: the same value, at a fraction of the cost of zod's
 * general machinery on the app's busiest call (bench/dictionary). Undefined for anything else, which the
 * schema then parses, so refusals keep its sentences; a test holds the two together.
 */
export function readLookupQuery(input: unknown): LookupQuery | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { language, surface, target, lemma } = input as Record<string, unknown>;
  if (typeof language !== 'string' || typeof surface !== 'string' || surface.length > MAX_LOOKUP_FIELD_LENGTH)
    return undefined;
  const languageCode = language.trim();
  if (!LANGUAGE_CODE.test(languageCode)) return undefined;
  let targetCode = 'en';
  if (target !== undefined) {
    if (typeof target !== 'string') return undefined;
    targetCode = target.trim();
    if (!LANGUAGE_CODE.test(targetCode)) return undefined;
  }
  if (lemma === undefined) return { language: languageCode, surface, target: targetCode };
  if (typeof lemma !== 'string' || lemma.length > MAX_LOOKUP_FIELD_LENGTH) return undefined;
  return { language: languageCode, surface, target: targetCode, lemma };
}

/** Where in a body an issue is, as a person reads it: words[3].surface. */
function fieldAt(path: readonly PropertyKey[] | undefined): string {
  return (path ?? [])
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');
}

/** One word of a batch: what a tap sends as surface and lemma, with LookupQuery's rules, named by its place. */
const LookupWord = lazy(() =>
  z.object(
    {
      surface: z
        .string({
          error: (issue) =>
            `${fieldAt(issue.path)} ${issue.input === undefined ? 'is required.' : 'must be a word.'}`,
        })
        .max(MAX_LOOKUP_FIELD_LENGTH, { error: (issue) => `${fieldAt(issue.path)} is too long.` }),
      lemma: z
        .string({ error: (issue) => `${fieldAt(issue.path)} must be a word.` })
        .max(MAX_LOOKUP_FIELD_LENGTH, { error: (issue) => `${fieldAt(issue.path)} is too long.` })
        .optional(),
    },
    { error: (issue) => `${fieldAt(issue.path)} must be a word: an object with a surface.` },
  ),
);

/**
 * POST /api/dict/lookups/ (issue 24): the words of a story saved for offline reading, each as the reader
 * would send it to GET /api/dict/lookup/, in one language.
 */
export const LookupsBody = lazy(() =>
  z.object(
    {
      language: languageCode('language'),
      /** The language the translations are in; English, the base, unless given. */
      target: languageCode('target').default('en'),
      words: z
        .array(LookupWord, { error: 'words is required: a list of words, each with a surface.' })
        .min(1, { error: 'Send at least one word.' })
        .max(MAX_LOOKUPS_PER_REQUEST, { error: `Send at most ${MAX_LOOKUPS_PER_REQUEST} words at a time.` }),
    },
    { error: 'Send a JSON object with a language and its words.' },
  ),
);
export type LookupsBody = z.infer<typeof LookupsBody>;

/** One translation of a lookup result (learner.md §3). */
export const Translation = lazy(() =>
  z.object({
    gloss: z.string(),
    definition: z.string(),
    example: z.string().nullable(),
    source: z.string(),
  }),
);
export type Translation = z.infer<typeof Translation>;

/** A lookup's answer: the lemma and its translations, and for an inflected word the form it is. */
export const LookupResult = lazy(() =>
  z.object({
    found: z.boolean(),
    lemma: z.string().nullable(),
    pos: z.string().nullable(),
    /** What the tapped word is, when it is not the lemma itself: 'third-person singular preterite of hablar'. */
    form: z.string().nullable(),
    translations: z.array(Translation),
    /** A recording of the word itself on Wikimedia Commons, when the dictionary's dump gave one (issue 23). */
    audio_url: z.string().optional(),
  }),
);
export type LookupResult = z.infer<typeof LookupResult>;

/** The answers of POST /api/dict/lookups/: one per word, in the order sent, each as the single lookup's. */
export const LookupResults = lazy(() => z.object({ results: z.array(LookupResult) }));
export type LookupResults = z.infer<typeof LookupResults>;

/** The fields of POST /api/admin/translations/upload/ besides the file (admin.md §2, §5, §7). */
export const TranslationUploadFields = lazy(() =>
  z
    .object({
      mode: z.enum(['wiktextract'], { error: 'mode must be wiktextract.' }).default('wiktextract'),
      source: languageCode('source'),
      target: languageCode('target'),
      action: z.enum(['preview', 'import'], { error: 'action must be preview or import.' }),
      /** 'true' when the file is only the start of the dump (a preview's sample, cut after a whole line). */
      partial: z.stringbool({ error: 'partial must be true or false.' }).optional(),
    })
    .refine((fields) => fields.source !== fields.target, {
      path: ['target'],
      error: 'The source language must differ from the target language.',
    }),
);
export type TranslationUploadFields = z.infer<typeof TranslationUploadFields>;

export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

const SkippedLine = lazy(() => z.object({ line: z.number().int(), reason: z.string() }));

/** The counts of a pass over a dump: while an import runs (progress) and when it ends (result). */
export const DumpCounts = lazy(() =>
  z.object({
    bytes: z.number(),
    lines: z.number().int(),
    entries: z.number().int(),
    senses: z.number().int(),
    forms: z.number().int(),
    skipped: z.number().int(),
    skipped_lines: z.array(SkippedLine),
    languages: z.record(z.string(), z.number().int()),
    // Added for issue 21. The server always sends them; optional, so that a client (or a stored summary) that
    // knows only the fields above still reads.
    /** Every skipped line counted by its reason (skipped_lines names only the first few). */
    skipped_reasons: z.record(z.string(), z.number().int()).optional(),
    /** Lines kept only as forms of other words, without a sense of their own. */
    form_of_lines: z.number().int().optional(),
    /** Links from a word to a word it is a form of. */
    form_of_links: z.number().int().optional(),
    /** Linked words the dump has no entry for; null until the import has ended, and in a preview. */
    missing_lemmas: z.number().int().nullable().optional(),
    /** The language the dump's glosses are in, as its first lines tell; null when they do not say. */
    gloss_language: z.string().nullable().optional(),
  }),
);
export type DumpCounts = z.infer<typeof DumpCounts>;

/** A dictionary import as the admin area sees it, polled while it runs. */
export const DictionaryImport = lazy(() =>
  z.object({
    id: z.number().int(),
    source: z.string(),
    target: z.string(),
    status: z.enum(IMPORT_STATUSES),
    file_name: z.string(),
    file_size: z.number(),
    progress: DumpCounts.nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  }),
);
export type DictionaryImport = z.infer<typeof DictionaryImport>;
