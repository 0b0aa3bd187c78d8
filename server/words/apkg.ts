// The saved words as an Anki deck (issue 22): an .apkg file, which is a zip holding `collection.anki2` (an
// SQLite collection in the legacy schema 11) and `media` (the JSON map of the package's media files: none
// here). Schema 11 is the one every Anki imports, from 2.1 on desktop to AnkiDroid and AnkiMobile, and today's
// Anki upgrades it on import (decision 074). The collection is written with sql.js (SQLite compiled to wasm,
// loaded on the first export only) and zipped with fflate, both pure JavaScript.
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { strToU8, zipSync } from 'fflate';
import type SqlJs from 'sql.js';
import { dictionaryKey } from '#common/dictionary.ts';
import { analyseText } from '#server/analysis/service.ts';
// Anki fields are HTML: a word or a meaning with "<" must not become a tag.
import { escapeHtml } from '#server/mail/html.ts';
import { APKG_SCHEMA, collectionRow, type DeckOfNotes, NOTE_TYPE_ID } from './apkg-collection.ts';
import type { ListedWord } from './list.ts';

/** A note of the deck, in plain text: what a saved word shows on its card. */
export interface AnkiNote {
  /** The language's code: the note goes to that language's deck, and keeps its own id there. */
  language: string;
  word: string;
  /** Kana or pinyin; null when the server has none (a reading is never guessed). */
  reading: string | null;
  meaning: string | null;
  /** The sentence the word was first looked up in; its occurrences of the word are set in bold. */
  sentence: string | null;
}

/** A deck of the package: its language and its name in Anki ("Catamaran — Spanish"). */
export interface AnkiDeck {
  language: string;
  name: string;
}

let sqlJs: Promise<SqlJs.SqlJsStatic> | undefined;

/**
 * sql.js, instantiated once on the first export: its wasm file is read from node_modules (resolved from here,
 * so `npm start`'s bundle in dist/ finds the same file), never fetched.
 */
function loadSqlJs(): Promise<SqlJs.SqlJsStatic> {
  if (!sqlJs) {
    const require = createRequire(import.meta.url);
    const initSqlJs = require('sql.js') as SqlJs.InitSqlJsStatic;
    const wasm = require.resolve('sql.js/dist/sql-wasm.wasm');
    sqlJs = initSqlJs({ locateFile: () => wasm });
    // A failed start (a missing file) is tried again by the next export rather than kept.
    sqlJs.catch(() => {
      sqlJs = undefined;
    });
  }
  return sqlJs;
}

/** Languages written without spaces (common/stories.ts's list): a word there may stand anywhere in a run. */
const UNSPACED_LANGUAGES = new Set(['ja', 'zh', 'th', 'lo', 'km', 'my']);
const ENDS_IN_WORD = /[\p{L}\p{M}\p{N}]$/u;
const STARTS_IN_WORD = /^[\p{L}\p{M}\p{N}]/u;

/** Whether a letter, mark or digit stands just before `start` or at `end` (two code units: a whole pair). */
function isInsideWord(text: string, start: number, end: number): boolean {
  return (
    ENDS_IN_WORD.test(text.slice(Math.max(0, start - 2), start)) ||
    STARTS_IN_WORD.test(text.slice(end, end + 2))
  );
}

/**
 * The sentence as HTML with each occurrence of the word in bold, found in any case (the saved word is the
 * dictionary's key: lower case, NFC, its apostrophe written '), and as a whole word where words are parted by
 * spaces ("el" is not bold in "Ella"). Everything else is escaped. (The word's ends are checked by hand: a
 * lookbehind of Unicode classes in a case-blind pattern costs a millisecond a sentence, seconds a deck.)
 */
export function highlightWord(sentence: string, word: string, language: string): string {
  const text = sentence.normalize('NFC');
  const pattern = [...word]
    // Only the pattern's syntax characters are escaped: in a Unicode pattern, escaping any other (a hyphen) is an
    // error.
    .map((character) => (character === "'" ? "['’ʼ]" : character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  const isWhole = !UNSPACED_LANGUAGES.has(language);
  let html = '';
  let last = 0;
  for (const match of text.matchAll(new RegExp(pattern, 'giu'))) {
    const end = match.index + match[0].length;
    if (isWhole && isInsideWord(text, match.index, end)) continue;
    html += `${escapeHtml(text.slice(last, match.index))}<b>${escapeHtml(match[0])}</b>`;
    last = end;
  }
  return html + escapeHtml(text.slice(last));
}

/** A field's HTML: escaped, its line breaks kept as Anki shows them. */
function field(text: string | null): string {
  return text === null ? '' : escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** The note's fields in the note type's order (Word, Reading, Meaning, Sentence), as HTML. */
export function noteFields(note: AnkiNote): string[] {
  return [
    field(note.word),
    field(note.reading),
    field(note.meaning),
    note.sentence ? highlightWord(note.sentence, note.word, note.language) : '',
  ];
}

const BASE91 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

/**
 * A note's guid, the same for the same word of the same language in every export, so that Anki updates the
 * note a learner imported before instead of adding it again: 64 bits of a SHA-256, written in base 91 as
 * Anki writes its own.
 */
export function noteGuid(language: string, word: string): string {
  let value = hash('sha256', `catamaran\u001f${language}\u001f${word}`, 'buffer').readBigUInt64BE(0);
  let guid = '';
  do {
    guid = BASE91[Number(value % 91n)] + guid;
    value /= 91n;
  } while (value > 0n);
  return guid;
}

/**
 * The checksum Anki keeps of a note's first field to find duplicates: the first 8 hex digits of the SHA-1 of
 * the field's text without HTML (here the word itself), as a number.
 */
export function fieldChecksum(text: string): number {
  return hash('sha1', text, 'buffer').readUInt32BE(0);
}

/** A deck's id: the same for a language in every export (Anki ids are numbers; 1 is the Default deck). */
export function deckId(language: string): number {
  return 1_500_000_000_000 + hash('sha1', `catamaran deck ${language}`, 'buffer').readUInt32BE(0);
}

/** How many notes are written (or made) between two turns of the event loop: other requests go on meanwhile. */
const BATCH = 250;

/**
 * Writes notes `from` to `to` and one new card each into the collection: ids in milliseconds of the epoch, one
 * counter for both tables (the note's id, then its card's), so every id is unique and none is in the future;
 * the cards due in the notes' order.
 */
function writeNotes(
  db: SqlJs.Database,
  notes: readonly AnkiNote[],
  from: number,
  to: number,
  now: Date,
): void {
  const seconds = Math.floor(now.getTime() / 1000);
  const firstId = now.getTime() - 2 * notes.length;
  const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
  const insertCard = db.prepare(
    'INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
  );
  try {
    for (let index = from; index < to; index += 1) {
      const note = notes[index] as AnkiNote;
      const noteId = firstId + 2 * index;
      insertNote.run([
        noteId,
        noteGuid(note.language, note.word),
        NOTE_TYPE_ID,
        seconds,
        ' catamaran ',
        noteFields(note).join('\u001f'),
        note.word,
        fieldChecksum(note.word),
        '',
      ]);
      insertCard.run([noteId + 1, noteId, deckId(note.language), seconds, index + 1, '']);
    }
  } finally {
    insertNote.free();
    insertCard.free();
  }
}

/**
 * The package's bytes: the decks (one per language; a deck may be empty), the "Catamaran word" note type, and
 * each note with its card in its language's deck, in the order given. The collection lives in sql.js's memory
 * only while it is written.
 */
export async function writeApkg(
  notes: readonly AnkiNote[],
  decks: readonly AnkiDeck[],
  now = new Date(),
): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  let collection: Uint8Array;
  try {
    db.run(APKG_SCHEMA);
    const withIds: DeckOfNotes[] = decks.map((deck) => ({ ...deck, id: deckId(deck.language) }));
    db.run(
      'INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)',
      collectionRow(withIds, notes.length, now),
    );
    db.run('BEGIN');
    for (let from = 0; from < notes.length; from += BATCH) {
      if (from > 0) await nextTurn();
      writeNotes(db, notes, from, Math.min(from + BATCH, notes.length), now);
    }
    db.run('COMMIT');
    collection = db.export();
  } finally {
    db.close();
  }
  return zipSync({ 'collection.anki2': collection, media: strToU8('{}') });
}

const HAN = /\p{Script=Han}/u;
/** The characters read on each side of the word: enough to settle its reading, few enough to read fast. */
const CONTEXT = 12;

/**
 * The sentence around the word's first occurrence (CONTEXT characters on each side, a surrogate pair never
 * cut), or undefined when the word is not in it as written. Analysing a whole 500-character sentence for
 * each of thousands of Japanese words would hold the server for seconds; the words near it decide the reading.
 */
function around(sentence: string, word: string): string | undefined {
  const index = sentence.indexOf(word);
  if (index < 0) return undefined;
  let start = Math.max(0, index - CONTEXT);
  let end = Math.min(sentence.length, index + word.length + CONTEXT);
  if (/[\uDC00-\uDFFF]/.test(sentence[start] ?? '')) start -= 1;
  if (/[\uD800-\uDBFF]/.test(sentence[end - 1] ?? '')) end += 1;
  return sentence.slice(start, end);
}

/**
 * A Japanese or Chinese word's reading (kana, pinyin), as the reader shows it above the word: the analyser's
 * reading of the word where it stands in its sentence (which settles a character read two ways), else of the
 * word alone. Only for a word with kanji or hanzi (kana read themselves), and null when a part of it has no
 * reading (a word the analyser does not know): a reading is never made up.
 */
export function readingOf(word: Pick<ListedWord, 'word' | 'language' | 'sentence'>): string | null {
  const { language } = word;
  if ((language !== 'ja' && language !== 'zh') || !HAN.test(word.word)) return null;
  const context = word.sentence ? around(word.sentence.normalize('NFC'), word.word) : undefined;
  const inSentence = context
    ? analyseText(language, context)?.find(
        (piece) => piece.isWord && dictionaryKey(piece.text, language) === word.word,
      )?.reading
    : undefined;
  if (inSentence) return inSentence;
  const pieces = (analyseText(language, word.word) ?? []).filter((piece) => piece.text.trim() !== '');
  if (pieces.length === 0 || pieces.some((piece) => !piece.reading && HAN.test(piece.text))) return null;
  return pieces.map((piece) => piece.reading ?? piece.text).join(language === 'zh' ? ' ' : '');
}

/**
 * The decks of an export: one per language of its words, named by the language ("Catamaran — Spanish"); the
 * language asked for even when none of its words are there, so an empty export is still a deck to import.
 */
export function decksOf(
  words: readonly Pick<ListedWord, 'language'>[],
  languageNames: ReadonlyMap<string, string>,
  language: string | undefined,
): AnkiDeck[] {
  const codes = new Set([...(language ? [language] : []), ...words.map((word) => word.language)]);
  if (codes.size === 0) return [{ language: '', name: 'Catamaran' }];
  return [...codes].map((code) => ({
    language: code,
    name: `Catamaran — ${languageNames.get(code) ?? code}`,
  }));
}

/**
 * The saved words (as /words lists them, in its order) as an Anki package: a note and a card per word. The
 * readings are made a batch at a time (the analyser reads each Japanese or Chinese word's sentence).
 */
export async function savedWordsApkg(
  words: readonly ListedWord[],
  languageNames: ReadonlyMap<string, string>,
  language: string | undefined,
  now = new Date(),
): Promise<Uint8Array> {
  const notes: AnkiNote[] = [];
  for (const [index, word] of words.entries()) {
    if (index > 0 && index % BATCH === 0) await nextTurn();
    notes.push({
      language: word.language,
      word: word.word,
      reading: readingOf(word),
      meaning: word.meaning,
      sentence: word.sentence,
    });
  }
  return writeApkg(notes, decksOf(words, languageNames, language), now);
}

/** The file's name, as the CSV's: the site's, the language when filtered, and the day (UTC) it was made. */
export function apkgFileName(language: string | undefined, now = new Date()): string {
  return `catamaran-words-${language ? `${language}-` : ''}${now.toISOString().slice(0, 10)}.apkg`;
}
