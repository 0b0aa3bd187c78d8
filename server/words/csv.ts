// The saved words as a CSV file (issue 22) for spreadsheet apps and flashcard tools: RFC 4180 quoting, CRLF
// line ends, UTF-8 with a byte order mark (without it Excel reads UTF-8 as the system's code page).
import { SAVED_WORDS_CSV_COLUMNS } from '#common/schemas/reading.ts';
import type { ListedWord } from './list.ts';

const BOM = '\uFEFF';

/**
 * A field as CSV holds it: quoted when it has a comma, a quote, a line break or spaces at an end (quotes
 * doubled). A field a spreadsheet would run as a formula (=, +, @, a tab or a return first, or a minus not
 * before a letter) is led by an apostrophe, so an exported word can never run as one.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^(?:[=+@\t\r]|-(?!\p{L}))/u.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The words as a CSV file's text: a header line of SAVED_WORDS_CSV_COLUMNS, then a line per word, in order. */
export function savedWordsCsv(words: readonly ListedWord[]): string {
  const lines = [SAVED_WORDS_CSV_COLUMNS.join(',')];
  for (const word of words) {
    const fields: Record<(typeof SAVED_WORDS_CSV_COLUMNS)[number], string | number | null> = {
      word: word.word,
      language: word.language,
      term: word.term,
      status: word.status ?? 'new',
      meaning: word.meaning,
      occurrences: word.occurrences,
      first_seen: word.firstSeenAt.toISOString(),
      last_seen: word.lastSeenAt.toISOString(),
    };
    lines.push(SAVED_WORDS_CSV_COLUMNS.map((column) => csvField(fields[column])).join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** The file's name: the site's, the language when filtered, and the day (UTC) it was made. */
export function csvFileName(language: string | undefined, now = new Date()): string {
  return `catamaran-words-${language ? `${language}-` : ''}${now.toISOString().slice(0, 10)}.csv`;
}
