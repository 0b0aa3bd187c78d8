import { dictionaryKeyer, MAX_LOOKUP_WORD_LENGTH, nfc, stripReadingAids } from '#common/dictionary.ts';

/** One meaning of a word, as the learner reads it. */
export interface DictionarySense {
  /** The most specific gloss: the last of `glosses`. */
  gloss: string;
  /** The full reading: the raw glosses (with their labels) or the glosses, parent first, joined with ': '. */
  definition: string;
  /** The first example's text. */
  example: string | null;
  /** The example's `translation`, or the older `english`. */
  example_translation: string | null;
  /** The sense's tags as the dump gives them ('transitive', 'colloquial'…). */
  tags: string[];
}

/** A spelling a learner may tap and the entry word it leads to. */
export interface DictionaryForm {
  /** As written (NFC). */
  surface: string;
  /** The entry word it leads to. */
  lemma: string;
  /** Null for the lemma itself; 'third-person singular preterite indicative of hablar' for a form. */
  description: string | null;
  /** The surface's dictionary key in the source language (common/dictionary.ts), made once here. */
  key: string;
}

/** A wiktextract entry in the shape the dictionary stores. */
export interface MappedEntry {
  /** `word`, NFC. */
  lemma: string;
  /** The part of speech ('verb', 'noun'…), or '' when the dump has none. */
  pos: string;
  /** The senses with a meaning of their own; empty when the entry is only a form of another word. */
  senses: DictionarySense[];
  /** The word itself (when it has senses), its inflected forms, and the words it is a form of. */
  forms: DictionaryForm[];
}

/** An entry ready to store, or why it was skipped, in words a person can read. */
export type MapResult = { ok: true; entry: MappedEntry } | { ok: false; reason: string };

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** A string of the dump in NFC, trimmed; undefined when it is missing, blank or not a string. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // JSON may carry what PostgreSQL refuses to store: NUL ("\u0000") and lone surrogates ("\ud800").
  const storable = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  const whole = LONE_SURROGATE.test(storable) ? storable.replace(LONE_SURROGATES, '\ufffd') : storable;
  const normalized = nfc(whole).trim();
  return normalized === '' ? undefined : normalized;
}

function texts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // A plain loop: this runs for every tag list of every form of every entry.
  const found: string[] = [];
  for (const item of value) {
    const one = text(item);
    if (one !== undefined) found.push(one);
  }
  return found;
}

function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

const skip = (reason: string): MapResult => ({ ok: false, reason });

// ---------------------------------------------------------------------------------------------------------
// describeForm

// The order the words of a description take, as Wiktionary writes them: 'third-person singular preterite
// indicative', 'genitive plural', 'feminine singular past active participle'. Case comes before number
// ('genitive plural', not 'plural genitive'); in a verb form there is no case, so person, number, tense, mood.
const TAG_GROUPS: readonly (readonly string[])[] = [
  ['first-person', 'second-person', 'third-person'],
  [
    'nominative',
    'accusative',
    'genitive',
    'dative',
    'ablative',
    'vocative',
    'locative',
    'instrumental',
    'prepositional',
    'partitive',
    'oblique',
    'ergative',
    'absolutive',
    'nominative-accusative',
    'inessive',
    'elative',
    'illative',
    'adessive',
    'allative',
    'essive',
    'translative',
    'abessive',
    'comitative',
    'instructive',
    'terminative',
    'sociative',
    'causal-final',
  ],
  ['masculine', 'feminine', 'neuter', 'common', 'animate', 'inanimate', 'personal', 'virile', 'nonvirile'],
  ['singular', 'plural', 'dual', 'paucal'],
  [
    'present',
    'past',
    'future',
    'non-past',
    'preterite',
    'imperfect',
    'imperfect-ra',
    'imperfect-se',
    'perfect',
    'pluperfect',
    'aorist',
    'future-i',
    'future-ii',
    'future-perfect',
    'perfective',
    'imperfective',
    'progressive',
    'continuative',
    'habitual',
    'anterior',
  ],
  [
    'indicative',
    'subjunctive',
    'subjunctive-i',
    'subjunctive-ii',
    'conditional',
    'imperative',
    'optative',
    'jussive',
    'potential',
    'hortative',
    'cohortative',
    'volitional',
    'desiderative',
    'hypothetical',
  ],
  ['active', 'passive', 'middle', 'mediopassive', 'causative'],
  // A non-finite form closes the phrase, after its tense and voice: 'past passive participle'.
  ['infinitive', 'participle', 'gerund', 'gerundive', 'supine', 'converb'],
];

const TAG_RANK: ReadonlyMap<string, number> = new Map(
  TAG_GROUPS.flatMap((group, rank) => group.map((tag) => [tag, rank] as const)),
);
const REST_RANK = TAG_GROUPS.length;

// Tags that say nothing to a learner: wiktextract's bookkeeping, inflection classes ('declension-2'), and
// qualifiers that belong to a sense rather than to a form ('usually', 'also').
const SILENT_TAGS = new Set([
  'canonical',
  'multiword-construction',
  'error-unrecognized-form',
  'form-of',
  'alt-of',
  'no-gloss',
  'table-tags',
  'inflection-template',
  'class',
  'romanization',
  'transliteration',
  'irregular',
  'morpheme',
  'usually',
  'also',
  'mainly',
  'often',
  'sometimes',
  'broadly',
]);
const SILENT_TAG_PATTERN = /^(?:error|dummy)-|^(?:declension|conjugation|class)-\d/;

const TAG_LABELS: ReadonlyMap<string, string> = new Map([
  ['future-i', 'future I'],
  ['future-ii', 'future II'],
  ['subjunctive-i', 'subjunctive I'],
  ['subjunctive-ii', 'subjunctive II'],
  ['imperfect-ra', 'imperfect (-ra)'],
  ['imperfect-se', 'imperfect (-se)'],
  ['non-past', 'non-past'],
]);

// Words that name a form by themselves ('diminutive of Fuchs'); any other phrase of only such tags as
// 'alternative' or 'adverbial' needs the noun: 'alternative form of akull'.
const FORM_NOUNS = new Set([
  'form',
  'diminutive',
  'augmentative',
  'comparative',
  'superlative',
  'abbreviation',
  'contraction',
  'misspelling',
]);

function tagLabel(tag: string): string {
  // 'third-person' keeps its hyphen as English writes it; 'with-tú' reads 'with tú'.
  return TAG_LABELS.get(tag) ?? tag.replace(/-(?!person\b)/g, ' ');
}

/**
 * A readable phrase for an inflected form from wiktextract's tags: ['indicative', 'preterite', 'singular',
 * 'third-person'] → 'third-person singular preterite indicative of hablar'; 'a form of hablar' when no tag
 * tells the learner anything.
 */
export function describeForm(tags: readonly string[], lemma: string): string {
  // A dump repeats the same few hundred tag lists millions of times (every verb's table).
  const cacheKey = tags.join('\u0000');
  let phrase = PHRASES.get(cacheKey);
  if (phrase === undefined) {
    phrase = formPhrase(tags);
    if (PHRASES.size < 10_000) PHRASES.set(cacheKey, phrase);
  }
  return phrase === null ? `a form of ${lemma}` : `${phrase} of ${lemma}`;
}

const PHRASES = new Map<string, string | null>();

/** The phrase for a tag list ('third-person singular preterite indicative'), or null when no tag says anything. */
function formPhrase(tags: readonly string[]): string | null {
  const usable = [...new Set(tags)].filter(
    (tag) => typeof tag === 'string' && tag !== '' && !SILENT_TAGS.has(tag) && !SILENT_TAG_PATTERN.test(tag),
  );
  if (usable.length === 0) return null;
  const rank = (tag: string) => TAG_RANK.get(tag) ?? REST_RANK;
  // Array.prototype.sort is stable: tags of one group, and the rest, keep the order they were given in.
  const ordered = usable.sort((a, b) => rank(a) - rank(b));
  const phrase = ordered.map(tagLabel).join(' ');
  const isGrammatical = ordered.some((tag) => rank(tag) < REST_RANK);
  const lastWord = phrase.slice(phrase.lastIndexOf(' ') + 1);
  const noun = isGrammatical || FORM_NOUNS.has(lastWord) ? '' : ' form';
  return `${phrase}${noun}`;
}

// ---------------------------------------------------------------------------------------------------------
// Senses

/** Whether a gloss names the word, ignoring case and accents ('inflection of recibir:' names 'recibir'). */
function names(gloss: string, word: string): boolean {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fold(gloss).includes(fold(word));
}

function joinGlosses(parts: readonly string[]): string {
  // A parent gloss often ends with its own colon ('a chamber in its various senses, including:').
  return parts.reduce((joined, part) => {
    if (joined === '') return part;
    return joined.endsWith(':') ? `${joined} ${part}` : `${joined}: ${part}`;
  }, '');
}

function firstExample(value: unknown): { text: string; translation: string | null } | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const example of value) {
    if (!isRow(example)) continue;
    const exampleText = text(example.text);
    if (exampleText === undefined) continue;
    return { text: exampleText, translation: text(example.translation) ?? text(example.english) ?? null };
  }
  return undefined;
}

function toSense(sense: Row, glosses: readonly string[], tags: string[]): DictionarySense {
  // raw_glosses runs parallel to glosses, one per level, with the labels ('(transitive) to take'); when it
  // has fewer levels it lost some, and the plain glosses tell the whole reading.
  const raw = texts(sense.raw_glosses);
  const reading = raw.length >= glosses.length ? raw : glosses;
  const example = firstExample(sense.examples);
  return {
    gloss: glosses.at(-1) ?? '',
    definition: joinGlosses(reading),
    example: example?.text ?? null,
    example_translation: example?.translation ?? null,
    tags,
  };
}

/**
 * The words a form-of or alt-of sense leads to, as their entries are titled: the link is printed with the
 * reading aids of the language (Russian 'возни́кнуть') and its entry's `word` is not ('возникнуть').
 */
function linkedWords(sense: Row, word: string, language: string): { lemma: string; printed: string }[] {
  const found: { lemma: string; printed: string }[] = [];
  for (const links of [sense.form_of, sense.alt_of]) {
    if (!Array.isArray(links)) continue;
    for (const link of links) {
      const printed = isRow(link) ? text(link.word) : undefined;
      if (printed === undefined) continue;
      const lemma = stripReadingAids(printed, language);
      // A link to the entry itself leads nowhere new.
      if (lemma !== word && !found.some((other) => other.lemma === lemma)) found.push({ lemma, printed });
    }
  }
  return found;
}

function describeLink(glosses: readonly string[], tags: readonly string[], printed: string): string {
  const last = glosses.at(-1);
  if (last === undefined) return describeForm(tags, printed);
  if (names(last, printed)) return last;
  // 'inflection of recibir:' then 'third-person singular imperative': the lemma is named one level up.
  if (glosses.some((gloss) => names(gloss, printed))) return `${last.replace(/:$/, '')} of ${printed}`;
  return describeForm(tags, printed);
}

// ---------------------------------------------------------------------------------------------------------
// Forms

// Rows of `forms` that are not words: the inflection table's template name and header tags, the inflection
// class, transcriptions into another script, the headword as printed (the word itself with reading aids,
// sometimes with a label: 'έρχομαι deponent'), the auxiliary verb of compound tenses (German 'haben' in the
// table of pflegen is another word) and cells wiktextract could not parse (it marks them).
const NOT_A_FORM = new Set([
  'auxiliary',
  'inflection-template',
  'table-tags',
  'class',
  'romanization',
  'transliteration',
  'canonical',
  'error-unrecognized-form',
]);
const ONLY_PUNCTUATION = /^[\p{P}\p{S}]+$/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

function isWordForm(surface: string, tags: readonly string[], isLatinWord: boolean): boolean {
  if (tags.some((tag) => NOT_A_FORM.has(tag))) return false;
  // '-' (and '—') fill the cells of forms that do not exist.
  if (ONLY_PUNCTUATION.test(surface)) return false;
  // A tapped word is one word: multiword rows ('avoir + past participle', 'ha vivido') can never be tapped.
  if (/\s/u.test(surface)) return false;
  if (characterCount(surface) > MAX_LOOKUP_WORD_LENGTH) return false;
  // Some tables give each cell's romanization as a row of its own without the tag (Japanese 'tanoshikaro'
  // beside 楽しかろ): a Latin-script row of a word written in another script is one of those.
  if (!isLatinWord && LATIN_LETTER.test(surface)) return false;
  return true;
}

function inflectedForms(value: unknown, word: string, keyOf: (text: string) => string): DictionaryForm[] {
  if (!Array.isArray(value)) return [];
  const wordKey = keyOf(word);
  const isLatinWord = LATIN_LETTER.test(word);
  const seen = new Set<string>();
  const rows: DictionaryForm[] = [];
  for (const row of value) {
    if (!isRow(row)) continue;
    const surface = text(row.form);
    if (surface === undefined || seen.has(surface)) continue;
    const tags = texts(row.tags);
    if (!isWordForm(surface, tags, isLatinWord)) continue;
    // The word itself, also as printed with its reading aids (Russian 'сне́г' in the table of снег), is the
    // lemma row's business: the lookup finds both under one key.
    const key = keyOf(surface);
    if (key === wordKey) continue;
    seen.add(surface);
    rows.push({ surface, lemma: word, description: describeForm(tags, word), key });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// The entry

/**
 * Maps one parsed line of a wiktextract dump to the senses and forms the dictionary stores, or says in a few
 * words why it is skipped; never throws, whatever the types inside the value.
 */
export function mapWiktextractEntry(value: unknown, sourceLanguage: string): MapResult {
  if (!isRow(value)) return skip('not a JSON object');
  const word = text(value.word);
  if (word === undefined) return skip('missing word');
  if (value.lang_code !== undefined && value.lang_code !== null) {
    const language = text(value.lang_code);
    if (language === undefined) return skip('invalid lang_code');
    if (language.toLowerCase() !== sourceLanguage.toLowerCase()) {
      return skip(`language ${language.slice(0, 20)}, not ${sourceLanguage}`);
    }
  }
  if (!Array.isArray(value.senses) || value.senses.length === 0) return skip('missing senses');

  const senses: DictionarySense[] = [];
  const links = new Map<string, string[]>();
  for (const sense of value.senses) {
    if (!isRow(sense)) continue;
    const tags = texts(sense.tags);
    const glosses = tags.includes('no-gloss') ? [] : texts(sense.glosses);
    const linked = linkedWords(sense, word, sourceLanguage);
    // A form-of sense whose glosses never name the word it links to carries a meaning of its own (Latin
    // 'rectus', a participle of regō: 'right, correct'): it is kept as a sense as well as a link.
    const hasOwnMeaning =
      glosses.length > 0 && !linked.some(({ printed }) => glosses.some((gloss) => names(gloss, printed)));
    if (hasOwnMeaning) senses.push(toSense(sense, glosses, tags));
    for (const { lemma, printed } of linked) {
      // The description keeps the word as printed: its stress marks or long vowels help the learner.
      const description = describeLink(glosses, tags, printed);
      const descriptions = links.get(lemma) ?? [];
      if (!descriptions.includes(description)) descriptions.push(description);
      links.set(lemma, descriptions);
    }
  }
  if (senses.length === 0 && links.size === 0) return skip('no glosses');

  const keyOf = dictionaryKeyer(sourceLanguage);
  const wordKey = keyOf(word);
  const forms: DictionaryForm[] = [];
  if (senses.length > 0) forms.push({ surface: word, lemma: word, description: null, key: wordKey });
  // One row per word it is a form of: 'reciba' is two forms of recibir, said in one description.
  for (const [lemma, descriptions] of links) {
    forms.push({ surface: word, lemma, description: descriptions.join('; '), key: wordKey });
  }
  // The table of an entry that is only a form of another word would lead to a word without a meaning here.
  if (senses.length > 0) forms.push(...inflectedForms(value.forms, word, keyOf));

  return { ok: true, entry: { lemma: word, pos: text(value.pos) ?? '', senses, forms } };
}
