// Maps one line of a wiktextract dump to the entry the dictionary stores (wiktextract/ holds its parts).
import { dictionaryKeyer } from '#common/dictionary.ts';
import { isDerivation } from './wiktextract/derivation.ts';
import { inflectedForms } from './wiktextract/forms.ts';
import { describeLink, describeLinks, linkedWords, linkRow, names, toSense } from './wiktextract/senses.ts';
import { recordingOf } from './wiktextract/sounds.ts';
import { isRow, skip, text, texts } from './wiktextract/text.ts';

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
  /** A recording of the word on Wikimedia Commons (its `sounds`), or null (issue 23). */
  audio: string | null;
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
  audio: string | null;
}

/** An entry as the importer stores it, or why it was skipped. */
export type RowsResult = { ok: true; entry: EntryRows } | { ok: false; reason: string };

/** The description a stored form stands for: null for the lemma itself. */
export function describeRow(form: Pick<FormRow, 'phrase' | 'isOfLemma' | 'lemma'>): string | null {
  if (form.phrase === null) return null;
  return form.isOfLemma ? `${form.phrase} of ${form.lemma}` : form.phrase;
}

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

  const pos = text(value.pos) ?? '';
  const senses: DictionarySense[] = [];
  const links = new Map<string, { printed: string; descriptions: string[] }>();
  for (const sense of value.senses) {
    if (!isRow(sense)) continue;
    const tags = texts(sense.tags);
    const glosses = tags.includes('no-gloss') ? [] : texts(sense.glosses);
    const linked = linkedWords(sense, word, sourceLanguage);
    // A form-of sense whose glosses never name the word it links to carries a meaning of its own (Latin
    // 'rectus', a participle of regō: 'right, correct'), and so does a derived word (Fahrer, 'agent noun of
    // fahren; driver'): it is kept as a sense as well as a link, and the entry keeps its forms.
    const hasOwnMeaning =
      glosses.length > 0 &&
      (linked.length === 0 ||
        isDerivation(glosses, tags, pos) ||
        !linked.some(({ printed }) => glosses.some((gloss) => names(gloss, printed))));
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
  // Row by row: spread as arguments, a table of over ~100,000 rows (a line near DICT_LINE_MAX_MB) overflowed the stack.
  if (senses.length > 0) for (const form of inflectedForms(value.forms, word, keyOf)) forms.push(form);

  return { ok: true, entry: { lemma: word, pos, senses, forms, audio: recordingOf(value.sounds) } };
}
