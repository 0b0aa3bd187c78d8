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
  /**
   * Null for the lemma itself; 'third-person singular preterite indicative of hablar' for a form, with each of
   * its readings: 'first/third-person singular present subjunctive; third-person singular imperative of hablar'.
   */
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

/**
 * A form as the importer stores it: its description in two parts. Millions of forms are described by a few
 * hundred phrases ('first-person singular present indicative') followed by ' of ' and their lemma, so the
 * importer stores each phrase once and a form only names it (store.ts).
 */
export interface FormRow {
  surface: string;
  lemma: string;
  /** The surface's dictionary key in the source language. */
  key: string;
  /**
   * Null for the lemma itself. Otherwise the description: the words before ' of {lemma}' when `isOfLemma`
   * ('first-person singular present indicative'), or the whole of it ('perfect passive participle of regō',
   * whose lemma is rego; a gloss that names the lemma elsewhere than at its end).
   */
  phrase: string | null;
  /** Whether the description is `${phrase} of ${lemma}`. */
  isOfLemma: boolean;
}

/** A mapped entry with its forms as the importer stores them (see FormRow). */
export interface EntryRows {
  lemma: string;
  pos: string;
  senses: DictionarySense[];
  forms: FormRow[];
}

/** An entry as the importer stores it, or why it was skipped. */
export type RowsResult = { ok: true; entry: EntryRows } | { ok: false; reason: string };

/** The description a stored form stands for: null for the lemma itself. */
export function describeRow(form: Pick<FormRow, 'phrase' | 'isOfLemma' | 'lemma'>): string | null {
  if (form.phrase === null) return null;
  return form.isOfLemma ? `${form.phrase} of ${form.lemma}` : form.phrase;
}

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** A string of the dump in NFC, trimmed; undefined when it is missing, blank or not a string. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (isPlain(value)) return value;
  // JSON may carry what PostgreSQL refuses to store: NUL ("\u0000") and lone surrogates ("\ud800").
  const storable = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  const whole = LONE_SURROGATE.test(storable) ? storable.replace(LONE_SURROGATES, '\ufffd') : storable;
  const normalized = nfc(whole).trim();
  return normalized === '' ? undefined : normalized;
}

/**
 * Whether text() leaves a string as it is: not empty, no control character (NUL among them), nothing from
 * U+0300 on (no combining mark for NFC to compose, no surrogate), and no space at either end. Tags, and most
 * words and glosses of Latin-script dumps, are; a loop over their few characters costs less than the checks
 * it spares (text() runs tens of millions of times in an import).
 */
function isPlain(value: string): boolean {
  const last = value.length - 1;
  if (last < 0) return false;
  for (let index = 0; index <= last; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code >= 0x300) return false;
    // The two spaces below U+0300 that trim() removes: ' ' and the no-break space.
    if ((index === 0 || index === last) && (code === 0x20 || code === 0xa0)) return false;
  }
  return true;
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

const skip = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

// ---------------------------------------------------------------------------------------------------------
// describeForm

interface TagGroup {
  readonly tags: readonly string[];
  /**
   * Whether two tags of the group on one form are two readings, written with a slash ('accusative' and
   * 'nominative': 'nominative/accusative singular'), rather than one name together ('future' and 'perfect':
   * 'future perfect'; 'indicative' and 'conditional').
   */
  readonly isChoice: boolean;
}

// The order the words of a description take, as Wiktionary writes them: 'third-person singular preterite
// indicative', 'genitive plural', 'feminine singular past active participle'. Case comes before number
// ('genitive plural', not 'plural genitive'); in a verb form there is no case, so person, number, tense, mood.
const TAG_GROUPS: readonly TagGroup[] = [
  { tags: ['first-person', 'second-person', 'third-person'], isChoice: true },
  {
    tags: [
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
    isChoice: true,
  },
  // Animacy is a group of its own: 'animate masculine' is one reading, not two.
  { tags: ['animate', 'inanimate'], isChoice: true },
  { tags: ['masculine', 'feminine', 'neuter', 'common', 'virile', 'nonvirile'], isChoice: true },
  { tags: ['personal'], isChoice: true },
  { tags: ['singular', 'plural', 'dual', 'paucal'], isChoice: true },
  {
    tags: [
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
      'anterior',
    ],
    isChoice: false,
  },
  { tags: ['perfective', 'imperfective', 'progressive', 'continuative', 'habitual'], isChoice: false },
  {
    tags: [
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
    isChoice: false,
  },
  { tags: ['active', 'passive', 'middle', 'mediopassive', 'causative'], isChoice: false },
  // A non-finite form closes the phrase, after its tense and voice: 'past passive participle'.
  { tags: ['infinitive', 'participle', 'gerund', 'gerundive', 'supine', 'converb'], isChoice: false },
];

/** A tag's group, and its place in the group (the order of 'first/third-person', 'nominative/accusative'). */
const TAG_PLACE: ReadonlyMap<string, { rank: number; order: number }> = new Map(
  TAG_GROUPS.flatMap((group, rank) => group.tags.map((tag, order) => [tag, { rank, order }] as const)),
);

// A tag that names a kind of another makes the other one redundant: 'subjunctive II', not 'subjunctive
// subjunctive II'.
const KIND_OF: ReadonlyMap<string, string> = new Map([
  ['subjunctive-i', 'subjunctive'],
  ['subjunctive-ii', 'subjunctive'],
  ['imperfect-ra', 'imperfect'],
  ['imperfect-se', 'imperfect'],
  ['future-i', 'future'],
  ['future-ii', 'future'],
]);

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

// A form listed under many readings (a Finnish possessive, a German verb form that is also an imperative)
// names the first few: a description stays a line, not a paragraph.
const MAX_READINGS = 3;
const MAX_READINGS_LENGTH = 160;

/**
 * A readable phrase for an inflected form from wiktextract's tags: ['indicative', 'preterite', 'singular',
 * 'third-person'] → 'third-person singular preterite indicative of hablar'; 'a form of hablar' when no tag
 * tells the learner anything.
 */
export function describeForm(tags: readonly string[], lemma: string): string {
  return `${formPhrase(tags)} of ${lemma}`;
}

/** What describeForm says before ' of {lemma}'. */
function formPhrase(tags: readonly string[]): string {
  // A dump repeats the same few hundred tag lists millions of times (every verb's table).
  const cacheKey = tags.join('\u0000');
  let phrase = PHRASES.get(cacheKey);
  if (phrase === undefined) {
    phrase = phraseOf(readingOf(tags)) ?? A_FORM;
    if (PHRASES.size < MAX_CACHED_PHRASES) PHRASES.set(cacheKey, phrase);
  }
  return phrase;
}

/** The phrase of a form no tag describes: 'a form of hablar'. */
const A_FORM = 'a form';

/**
 * The description of a form a table lists under several tag lists, naming every reading as Wiktionary's own
 * form-of entries do: 'hable' is 'first/third-person singular present subjunctive; third-person singular
 * imperative of hablar'. Readings one names in full are left out ('first-person singular present' beside
 * '… present indicative'), so are the qualified twins of a plain one ('… imperative negative' beside
 * '… imperative'); readings that differ in one word share the rest ('first/third-person'). At most
 * MAX_READINGS are named, then how many more there are: '… (+2 more) of iso'.
 */
export function describeForms(tagLists: readonly (readonly string[])[], lemma: string): string {
  return `${formsPhrase(tagLists)} of ${lemma}`;
}

/** What describeForms says before ' of {lemma}'. */
function formsPhrase(tagLists: readonly (readonly string[])[]): string {
  const [only] = tagLists;
  if (only === undefined) return A_FORM;
  if (tagLists.length === 1) return formPhrase(only);
  // The same tables come back for every regular verb: the combinations repeat as much as the tag lists.
  let cacheKey = '';
  for (const tags of tagLists) cacheKey += `${tags.join('\u0000')}\u0001`;
  return readingsPhraseCached(cacheKey, tagLists);
}

function readingsPhraseCached(cacheKey: string, tagLists: readonly (readonly string[])[]): string {
  let phrase = PHRASES.get(cacheKey);
  if (phrase === undefined) {
    phrase = readingsPhrase(tagLists) ?? A_FORM;
    if (PHRASES.size < MAX_CACHED_PHRASES) PHRASES.set(cacheKey, phrase);
  }
  return phrase;
}

/** The phrase of a form listed under one tag list (formPhrase), worked out once per list. */
function listPhrase(list: TagList): string {
  list.phrase ??= formPhrase(list.tags);
  return list.phrase;
}

/** The phrase of a form listed under several tag lists (formsPhrase). */
function listsPhrase(lists: readonly TagList[]): string {
  let cacheKey = '';
  for (const list of lists) cacheKey += `${list.key}\u0001`;
  return readingsPhraseCached(
    cacheKey,
    lists.map((list) => list.tags),
  );
}

const PHRASES = new Map<string, string>();
const MAX_CACHED_PHRASES = 20_000;

/** One way of choosing within a tag group: 'third-person', 'future perfect'. */
interface Choice {
  label: string;
  /** Its place among the others of its group: 'first/third-person', not 'third/first-person'. */
  order: number;
}

/** One reading of a form: what each tag group says of it, and the tags of no group. */
interface Reading {
  /** Per tag group, the choices the form is (several: either one), in the group's order; empty: none said. */
  slots: Choice[][];
  /** The grammatical tags, to tell a reading that says less than another. */
  grammar: ReadonlySet<string>;
  /** The other tags ('formal', 'negative', 'definite'), in the order given. */
  rest: ReadonlySet<string>;
  /** The other tags sorted: readings join only when they are the same. */
  restKey: string;
}

function readingOf(tags: readonly string[]): Reading {
  const usable = new Set<string>();
  for (const tag of tags) {
    if (typeof tag === 'string' && tag !== '' && !SILENT_TAGS.has(tag) && !SILENT_TAG_PATTERN.test(tag)) {
      usable.add(tag);
    }
  }
  for (const tag of usable) {
    const kindOf = KIND_OF.get(tag);
    if (kindOf !== undefined) usable.delete(kindOf);
  }
  const grouped: string[][] = TAG_GROUPS.map(() => []);
  const grammar = new Set<string>();
  const rest = new Set<string>();
  for (const tag of usable) {
    const place = TAG_PLACE.get(tag);
    if (place === undefined) {
      rest.add(tag);
    } else {
      grouped[place.rank]?.push(tag);
      grammar.add(tag);
    }
  }
  return {
    slots: grouped.map(choicesOf),
    grammar,
    rest,
    restKey: [...rest].sort().join('\u0000'),
  };
}

function choicesOf(tags: readonly string[], rank: number): Choice[] {
  const order = (tag: string) => TAG_PLACE.get(tag)?.order ?? 0;
  if (tags.length === 0) return [];
  if (TAG_GROUPS[rank]?.isChoice) {
    return tags.map((tag) => ({ label: tagLabel(tag), order: order(tag) })).sort(byOrder);
  }
  // One name in the order given: 'future perfect'.
  return [{ label: tags.map(tagLabel).join(' '), order: Math.min(...tags.map(order)) }];
}

function byOrder(a: Choice, b: Choice): number {
  return a.order - b.order || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/** The phrase of one reading ('third-person singular preterite indicative'), or null when it says nothing. */
function phraseOf(reading: Reading): string | null {
  const words: string[] = [];
  for (const choices of reading.slots) {
    if (choices.length > 0) words.push(choicesPhrase(choices));
  }
  const isGrammatical = words.length > 0;
  for (const tag of reading.rest) words.push(tagLabel(tag));
  if (words.length === 0) return null;
  const phrase = words.join(' ');
  const lastWord = phrase.slice(phrase.lastIndexOf(' ') + 1);
  return isGrammatical || FORM_NOUNS.has(lastWord) ? phrase : `${phrase} form`;
}

const PERSON = '-person';

function choicesPhrase(choices: readonly Choice[]): string {
  // 'first/third-person', as Wiktionary writes it.
  const isPersons = choices.length > 1 && choices.every((choice) => choice.label.endsWith(PERSON));
  return choices
    .map((choice, index) =>
      isPersons && index < choices.length - 1 ? choice.label.slice(0, -PERSON.length) : choice.label,
    )
    .join('/');
}

/** The phrase for several readings of one form, or null when none says anything. */
function readingsPhrase(tagLists: readonly (readonly string[])[]): string | null {
  const readings = tagLists.map(readingOf).filter((reading, index, all) => {
    if (saysNothing(reading)) return false;
    return !all.some(
      (other, otherIndex) => otherIndex !== index && isRedundant(reading, index, other, otherIndex),
    );
  });
  mergeReadings(readings);
  const phrases: string[] = [];
  for (const reading of readings) {
    const phrase = phraseOf(reading);
    if (phrase !== null && !phrases.includes(phrase)) phrases.push(phrase);
  }
  return phrases.length === 0 ? null : listReadings(phrases);
}

/**
 * Whether a reading says nothing another does not: fewer grammatical tags and no other tag the other lacks
 * (a headword's 'first-person singular present' beside the table's '… present indicative'), or the same
 * grammar with more qualifiers ('imperative negative formal' beside 'imperative'), or the same as an earlier.
 */
function isRedundant(reading: Reading, index: number, other: Reading, otherIndex: number): boolean {
  if (saysNothing(other)) return false;
  const isSameGrammar = sameSet(reading.grammar, other.grammar);
  if (isSameGrammar && reading.restKey === other.restKey) return otherIndex < index;
  if (isSameGrammar) return isSubset(other.rest, reading.rest);
  return isSubset(reading.grammar, other.grammar) && isSubset(reading.rest, other.rest);
}

function saysNothing(reading: Reading): boolean {
  return reading.grammar.size === 0 && reading.rest.size === 0;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && isSubset(a, b);
}

function isSubset(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const tag of a) if (!b.has(tag)) return false;
  return true;
}

/**
 * Joins, in place, the readings with the same other tags that differ in one group only: 'first-person
 * singular present subjunctive' and 'third-person …' are 'first/third-person singular present subjunctive'.
 * Each reading stands for every combination of its choices, so the joined one says exactly what both did.
 */
function mergeReadings(readings: Reading[]): void {
  // A joined reading may join one it could not before ('first/third-person … indicative' and '…
  // subjunctive'): look again from the start. There are a handful of readings, and the result is cached.
  for (let isJoined = true; isJoined; ) isJoined = joinOnePair(readings);
}

function joinOnePair(readings: Reading[]): boolean {
  for (let i = 0; i < readings.length; i++) {
    for (let j = i + 1; j < readings.length; j++) {
      const a = readings[i];
      const b = readings[j];
      if (a === undefined || b === undefined) continue;
      const rank = soleDifference(a, b);
      if (rank === -1) continue;
      readings[i] = joined(a, b, rank);
      readings.splice(j, 1);
      return true;
    }
  }
  return false;
}

/** The one tag group in which two readings differ (both saying something there), or -1. */
function soleDifference(a: Reading, b: Reading): number {
  if (a.restKey !== b.restKey) return -1;
  let difference = -1;
  for (let rank = 0; rank < a.slots.length; rank++) {
    const ours = a.slots[rank] ?? [];
    const theirs = b.slots[rank] ?? [];
    if (
      ours.length === theirs.length &&
      ours.every((choice, index) => choice.label === theirs[index]?.label)
    ) {
      continue;
    }
    if (difference !== -1 || ours.length === 0 || theirs.length === 0) return -1;
    difference = rank;
  }
  return difference;
}

function joined(a: Reading, b: Reading, rank: number): Reading {
  const slots = a.slots.slice();
  const choices = [...(a.slots[rank] ?? [])];
  for (const choice of b.slots[rank] ?? []) {
    if (!choices.some((known) => known.label === choice.label)) choices.push(choice);
  }
  slots[rank] = choices.sort(byOrder);
  return { slots, grammar: new Set([...a.grammar, ...b.grammar]), rest: a.rest, restKey: a.restKey };
}

/** Readings joined with '; ', the first few only, then how many more: '…; …; … (+2 more)'. */
function listReadings(phrases: readonly string[]): string {
  let listed = phrases[0] ?? '';
  let count = 1;
  while (count < phrases.length && count < MAX_READINGS) {
    const next = phrases[count] ?? '';
    if (listed.length + 2 + next.length > MAX_READINGS_LENGTH) break;
    listed += `; ${next}`;
    count += 1;
  }
  const more = phrases.length - count;
  return more === 0 ? listed : `${listed} (+${more} more)`;
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

/**
 * The descriptions of the senses that make a word a form of one lemma, in one: the lemma named once when
 * each names it last ('first/third-person singular present subjunctive; third-person singular imperative of
 * recibir', as a table form of recibir is described), and no more readings than a table form gets.
 */
function describeLinks(descriptions: readonly string[], printed: string): string {
  const [only] = descriptions;
  if (only === undefined) return `a form of ${printed}`;
  if (descriptions.length === 1) return only;
  const tail = ` of ${printed}`;
  const isLemmaLast = descriptions.every(
    (description) => description.endsWith(tail) && description.length > tail.length,
  );
  if (!isLemmaLast) return listReadings(descriptions);
  return `${listReadings(descriptions.map((description) => description.slice(0, -tail.length)))}${tail}`;
}

/**
 * The row of a word that is a form of `lemma`, described by `description`: split into its phrase and the
 * lemma when it ends with ' of {lemma}', as most do; whole when it names the lemma as printed with reading
 * aids (Russian 'возни́кнуть' for возникнуть) or otherwise (a gloss of its own).
 */
function linkRow(word: string, key: string, lemma: string, description: string): FormRow {
  const tail = ` of ${lemma}`;
  if (description.length > tail.length && description.endsWith(tail)) {
    return { surface: word, lemma, key, phrase: description.slice(0, -tail.length), isOfLemma: true };
  }
  return { surface: word, lemma, key, phrase: description, isOfLemma: false };
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

function isWordSurface(surface: string, isLatinWord: boolean): boolean {
  // '-' (and '—') fill the cells of forms that do not exist.
  if (ONLY_PUNCTUATION.test(surface)) return false;
  // A tapped word is one word: multiword rows ('avoir + past participle', 'ha vivido') can never be tapped.
  if (/\s/u.test(surface)) return false;
  // Never more characters than UTF-16 units: most words are counted without walking them.
  if (surface.length > MAX_LOOKUP_WORD_LENGTH && characterCount(surface) > MAX_LOOKUP_WORD_LENGTH) {
    return false;
  }
  // Some tables give each cell's romanization as a row of its own without the tag (Japanese 'tanoshikaro'
  // beside 楽しかろ): a Latin-script row of a word written in another script is one of those.
  if (!isLatinWord && LATIN_LETTER.test(surface)) return false;
  return true;
}

/** A row's tags as text() reads them, and what the mapper makes of them, worked out once per list. */
interface TagList {
  readonly tags: readonly string[];
  /** The tags joined by NUL, which no tag holds: the phrase caches' key. */
  readonly key: string;
  /** The row is not a word form (NOT_A_FORM). */
  readonly isNotAForm: boolean;
  /** What a form listed under this list alone is described by (listPhrase). */
  phrase?: string;
}

// Every verb of a language has the same table: a dump holds a few hundred distinct tag lists and tens of
// millions of rows with one of them. Found tag by tag (no key to build for each row), in a tree of bounded
// size.
interface TagNode {
  readonly next: Map<string, TagNode>;
  list?: TagList;
}
const TAG_TREE: TagNode = { next: new Map() };
const MAX_TAG_NODES = 50_000;
let tagNodes = 0;
const NO_TAGS: TagList = { tags: [], key: '', isNotAForm: false };

/** A row's `tags`, from the cache when the same list was met before. */
function tagListOf(value: unknown): TagList {
  if (!Array.isArray(value) || value.length === 0) return NO_TAGS;
  let node = TAG_TREE;
  for (const item of value) {
    if (typeof item !== 'string') return newTagList(value);
    let next = node.next.get(item);
    if (next === undefined) {
      if (tagNodes >= MAX_TAG_NODES) return newTagList(value);
      next = { next: new Map() };
      node.next.set(item, next);
      tagNodes += 1;
    }
    node = next;
  }
  node.list ??= newTagList(value);
  return node.list;
}

function newTagList(value: readonly unknown[]): TagList {
  const tags = texts(value);
  return { tags, key: tags.join('\u0000'), isNotAForm: tags.some((tag) => NOT_A_FORM.has(tag)) };
}

function isSameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** A surface that is no form of the word (the word itself, '-', a phrase), however many rows give it. */
const NOT_LISTED = -1;

function inflectedForms(value: unknown, word: string, keyOf: (text: string) => string): FormRow[] {
  if (!Array.isArray(value)) return [];
  const wordKey = keyOf(word);
  const isLatinWord = LATIN_LETTER.test(word);
  // Each surface once, where its first row puts it, described by all its rows ('hable' is the first- and
  // the third-person present subjunctive): its place in `forms`, or NOT_LISTED.
  const places = new Map<string, number>();
  const forms: FormRow[] = [];
  const firstTags: TagList[] = [];
  // Most surfaces have one row: the lists of the others only for those that have more.
  let moreTags: Map<number, TagList[]> | undefined;
  for (const row of value) {
    if (!isRow(row)) continue;
    const surface = text(row.form);
    if (surface === undefined) continue;
    const place = places.get(surface);
    if (place === NOT_LISTED) continue;
    const tags = tagListOf(row.tags);
    if (tags.isNotAForm) continue;
    if (place !== undefined) {
      // A table may give a cell twice (pflegen's in the sample gives most): a repeated list says nothing new.
      const others = moreTags?.get(place);
      const first = firstTags[place];
      if (
        (first !== undefined && isSameList(tags.tags, first.tags)) ||
        others?.some((other) => isSameList(tags.tags, other.tags))
      ) {
        continue;
      }
      moreTags ??= new Map();
      if (others) others.push(tags);
      else moreTags.set(place, [tags]);
      continue;
    }
    if (!isWordSurface(surface, isLatinWord)) {
      places.set(surface, NOT_LISTED);
      continue;
    }
    // The word itself, also as printed with its reading aids (Russian 'сне́г' in the table of снег), is the
    // lemma row's business: the lookup finds both under one key.
    const key = keyOf(surface);
    if (key === wordKey) {
      places.set(surface, NOT_LISTED);
      continue;
    }
    places.set(surface, forms.length);
    firstTags.push(tags);
    forms.push({ surface, lemma: word, key, phrase: null, isOfLemma: true });
  }
  for (let place = 0; place < forms.length; place++) {
    const form = forms[place];
    const tags = firstTags[place];
    if (form === undefined || tags === undefined) continue;
    const others = moreTags?.get(place);
    form.phrase = others ? listsPhrase([tags, ...others]) : listPhrase(tags);
  }
  return forms;
}

// ---------------------------------------------------------------------------------------------------------
// The entry

/**
 * Maps one parsed line of a wiktextract dump to the senses and forms the dictionary stores, or says in a few
 * words why it is skipped; never throws, whatever the types inside the value.
 */
export function mapWiktextractEntry(value: unknown, sourceLanguage: string): MapResult {
  const result = mapWiktextractRows(value, sourceLanguage);
  if (!result.ok) return result;
  const { forms, ...entry } = result.entry;
  return {
    ok: true,
    entry: {
      ...entry,
      forms: forms.map((form) => ({
        surface: form.surface,
        lemma: form.lemma,
        description: describeRow(form),
        key: form.key,
      })),
    },
  };
}

/**
 * mapWiktextractEntry as the importer needs it: each form's description in two parts (FormRow), so that the
 * description of a table form is never written out.
 */
export function mapWiktextractRows(value: unknown, sourceLanguage: string): RowsResult {
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
  const links = new Map<string, { printed: string; descriptions: string[] }>();
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
      const link = links.get(lemma);
      if (link === undefined) links.set(lemma, { printed, descriptions: [description] });
      else if (!link.descriptions.includes(description)) link.descriptions.push(description);
    }
  }
  if (senses.length === 0 && links.size === 0) return skip('no glosses');

  const keyOf = dictionaryKeyer(sourceLanguage);
  const wordKey = keyOf(word);
  const forms: FormRow[] = [];
  if (senses.length > 0)
    forms.push({ surface: word, lemma: word, key: wordKey, phrase: null, isOfLemma: false });
  // One row per word it is a form of: 'reciba' is two forms of recibir, said in one description.
  for (const [lemma, { printed, descriptions }] of links) {
    forms.push(linkRow(word, wordKey, lemma, describeLinks(descriptions, printed)));
  }
  // The table of an entry that is only a form of another word would lead to a word without a meaning here.
  if (senses.length > 0) forms.push(...inflectedForms(value.forms, word, keyOf));

  return { ok: true, entry: { lemma: word, pos: text(value.pos) ?? '', senses, forms } };
}
