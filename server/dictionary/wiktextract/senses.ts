// An entry's senses, and the words a form-of sense links to, with how the form is described.
import { stripReadingAids } from '#common/dictionary.ts';
import type { DictionarySense, FormRow } from '../wiktextract.ts';
import { describeForm, listReadings } from './describe.ts';
import { isRow, type Row, text, texts } from './text.ts';

/** Whether a gloss names the word, ignoring case and accents ('inflection of recibir:' names 'recibir'). */
export function names(gloss: string, word: string): boolean {
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

export function toSense(sense: Row, glosses: readonly string[], tags: string[]): DictionarySense {
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
export function linkedWords(
  sense: Row,
  word: string,
  language: string,
): { lemma: string; printed: string }[] {
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

export function describeLink(glosses: readonly string[], tags: readonly string[], printed: string): string {
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
export function describeLinks(descriptions: readonly string[], printed: string): string {
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
export function linkRow(word: string, key: string, lemma: string, description: string): FormRow {
  const tail = ` of ${lemma}`;
  if (description.length > tail.length && description.endsWith(tail)) {
    return { surface: word, lemma, key, phrase: description.slice(0, -tail.length), isOfLemma: true };
  }
  return { surface: word, lemma, key, phrase: description, isOfLemma: false };
}
