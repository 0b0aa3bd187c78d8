// Reading a list of known words a learner brings (issue 22): pasted words one per line, a CSV or
// tab-separated file whose header names the word's column (LingQ's vocabulary export: term, status, ...), or
// Anki's "Notes in Plain Text" export (its #separator, #html and #... column: headers, the first field the
// word). Pure: what each row's word and status are; the server keys and counts them (import.ts).
import type { TermStatus } from '#common/terms.ts';

/** A word read from the list, with the status it asks for (known unless the file says a learning level). */
export interface ListedWord {
  word: string;
  status: TermStatus;
}

export interface ReadList {
  words: ListedWord[];
  /** Rows that held something, a header left out. */
  rows: number;
  /** Rows whose word is a phrase (a space inside) or no text at all once markup is stripped. */
  skipped: number;
}

/** Header names of the column holding the word, lower case (LingQ: term; Anki's fields: front; others). */
const WORD_COLUMNS = new Set([
  'term',
  'word',
  'words',
  'front',
  'expression',
  'vocabulary',
  'lemma',
  'known',
]);
const STATUS_COLUMNS = new Set(['status', 'level']);

/** Anki's #separator names (Anki 2.1.55+ exports and imports these), else the character itself. */
const SEPARATOR_NAMES: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  pipe: '|',
  colon: ':',
  space: ' ',
};

interface Header {
  separator?: string;
  html?: boolean;
  /** Columns (0-based) Anki says hold something else than fields: guid, notetype, deck, tags. */
  notFields: Set<number>;
  /** Lines the header took. */
  lines: number;
}

/** Anki's "#key:value" lines at the top of an export. */
function readAnkiHeader(lines: readonly string[]): Header {
  const header: Header = { notFields: new Set(), lines: 0 };
  for (const line of lines) {
    const match = /^#([a-z ]+):(.*)$/i.exec(line.trim());
    if (!match) break;
    header.lines += 1;
    const key = (match[1] ?? '').trim().toLowerCase();
    const value = (match[2] ?? '').trim();
    if (key === 'separator') header.separator = SEPARATOR_NAMES[value.toLowerCase()] ?? value.charAt(0);
    else if (key === 'html') header.html = value.toLowerCase() === 'true';
    else if (/^(guid|notetype|deck|tags) column$/.test(key)) {
      const column = Number.parseInt(value, 10);
      if (column >= 1) header.notFields.add(column - 1);
    }
  }
  return header;
}

/**
 * The separator of a file that names none: the first of tab, comma and semicolon found on most of its first
 * rows; none for a plain list of words.
 */
function guessSeparator(lines: readonly string[]): string | undefined {
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 20);
  if (sample.length === 0) return undefined;
  for (const separator of ['\t', ',', ';']) {
    const rows = sample.filter((line) => line.includes(separator)).length;
    if (rows * 2 >= sample.length) return separator;
  }
  return undefined;
}

/** Splits text into rows of cells, RFC 4180 quoting (a quoted cell may hold the separator and line breaks). */
export function splitRows(text: string, separator: string | undefined): string[][] {
  if (separator === undefined) return text.split(/\r\n|\n|\r/).map((line) => [line]);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text.charAt(i + 1) === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A field's text without Anki's markup: tags, [sound:...] references and HTML entities. */
export function plainText(field: string): string {
  return field
    .replace(/\[sound:[^\]]*\]/g, ' ')
    .replace(/<br\s*\/?>|<\/(div|p|li)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return codePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '';
}

/**
 * The status a list's status cell asks for: LingQ's 1-4 (New, Can't remember, Not sure, Learned) are the
 * learning levels; anything else (5, "known", a tick, or no status column) known, since the list is one of
 * known words.
 */
export function statusOfCell(cell: string | undefined): TermStatus {
  const level = /^([1-4])(\b|$)/.exec((cell ?? '').trim())?.[1];
  return level ? (`learning-${level}` as TermStatus) : 'known';
}

/** The word's and status's columns from a header row, when the first row is one. */
function headerColumns(row: readonly string[]): { word: number; status: number | undefined } | undefined {
  const names = row.map((cell) => plainText(cell).trim().toLowerCase());
  const word = names.findIndex((name) => WORD_COLUMNS.has(name));
  if (word < 0) return undefined;
  const status = names.findIndex((name) => STATUS_COLUMNS.has(name));
  return { word, status: status < 0 ? undefined : status };
}

/** Reads a list of known words; see the file's comment for the formats. */
export function readWordList(input: string): ReadList {
  const text = input.replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\n|\r/);
  const header = readAnkiHeader(lines);
  const body = lines.slice(header.lines).join('\n');
  const separator = header.separator ?? guessSeparator(lines.slice(header.lines));
  const rows = splitRows(body, separator).filter((row) => row.some((cell) => cell.trim() !== ''));
  const named = rows[0] && headerColumns(rows[0]);
  let firstField = 0;
  while (header.notFields.has(firstField)) firstField += 1;
  const wordColumn = named?.word ?? firstField;
  const read: ReadList = { words: [], rows: 0, skipped: 0 };
  for (const row of named ? rows.slice(1) : rows) {
    read.rows += 1;
    const word = plainText(row[wordColumn] ?? '').trim();
    if (word === '' || /\s/.test(word)) read.skipped += 1;
    else
      read.words.push({
        word,
        status: statusOfCell(named?.status === undefined ? undefined : row[named.status]),
      });
  }
  return read;
}
