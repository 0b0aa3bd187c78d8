// The inflected forms of an entry's table, each spelling once, described by all the rows that list it.
import { MAX_LOOKUP_WORD_LENGTH } from '#common/dictionary.ts';
import type { FormRow } from '../wiktextract.ts';
import { listPhrase, listsPhrase } from './describe.ts';
import { characterCount, isRow, text, texts } from './text.ts';

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
export interface TagList {
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

export function inflectedForms(value: unknown, word: string, keyOf: (text: string) => string): FormRow[] {
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
