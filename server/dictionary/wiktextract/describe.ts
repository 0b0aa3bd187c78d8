// How an inflected form is described from wiktextract's tags: 'third-person singular preterite indicative of hablar'.
import type { TagList } from './forms.ts';
import {
  FORM_NOUNS,
  KIND_OF,
  SILENT_TAG_PATTERN,
  SILENT_TAGS,
  TAG_GROUPS,
  TAG_PLACE,
  tagLabel,
} from './tags.ts';

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
export function listPhrase(list: TagList): string {
  list.phrase ??= formPhrase(list.tags);
  return list.phrase;
}

/** The phrase of a form listed under several tag lists (formsPhrase). */
export function listsPhrase(lists: readonly TagList[]): string {
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
export function listReadings(phrases: readonly string[]): string {
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
