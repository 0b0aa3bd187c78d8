// A dump's line without what the mapper never reads, before it is decoded and parsed (docs/decisions/093).
// JSON.parse is most of an import's work, and about 40 % of a wiktextract line is members no part of the
// import reads (categories, etymology and head templates, hyphenation, a sense's links, a sound's IPA…):
// pruneLine copies the line's bytes without the members whose name is not in READ_NAMES, at any depth, so
// that JSON.parse makes only what is read. The mapper reads a line only through members named in READ_NAMES
// (wiktextract.ts, wiktextract/, dump-lines.ts's languageOf), so it maps the pruned line as the whole one.
//
// The line's validity is kept too: a line is pruned only when its structure is sound (brackets, commas,
// colons, whitespace) and each member left out is a valid JSON value, checked strictly here; what is kept is
// copied as it is, and JSON.parse judges it. Whatever is unusual (a name with an escape, a top level that is
// not an object, nesting deeper than MAX_DEPTH, anything malformed) answers -1: the line is then parsed whole,
// as before, and a malformed line is skipped with the same reason.
import { skipValue, validStringEnd } from './json-skip.ts';

/**
 * Every member name the mapper reads, at any depth. A name added to the mapper must be added here, or its
 * member is left out (json-prune.unit.test.ts maps the real sample both ways).
 */
export const READ_NAMES: readonly string[] = [
  // the entry
  'word',
  'lang_code',
  'pos',
  'senses',
  'forms',
  'sounds',
  // a sense, and the words it is a form of ('word', above)
  'glosses',
  'raw_glosses',
  'tags',
  'examples',
  'form_of',
  'alt_of',
  // an example
  'text',
  'translation',
  'english',
  // a row of the forms table ('tags', above)
  'form',
  // a sound
  'mp3_url',
  'ogg_url',
];

/** The names by their length in bytes (all ASCII), as bytes. */
const READ_BY_LENGTH: Uint8Array[][] = [];
for (const name of READ_NAMES) {
  const bytes = Uint8Array.from(name, (character) => character.charCodeAt(0));
  const list = READ_BY_LENGTH[bytes.length] ?? [];
  list.push(bytes);
  READ_BY_LENGTH[bytes.length] = list;
}

const MAX_DEPTH = 64;
const OBJECT = 1;
const ARRAY = 2;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const LOWER_A = 0x61;
const LOWER_Z = 0x7a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** What the scanner expects next. */
const VALUE = 0;
const VALUE_OR_CLOSE = 1; // just after '['
const KEY = 2;
const KEY_OR_CLOSE = 3; // just after '{'
const AFTER_VALUE = 4;

/** Per depth: the container (OBJECT or ARRAY), and whether a member of the object was written. */
const kinds = new Uint8Array(MAX_DEPTH + 1);
const hasWritten = new Uint8Array(MAX_DEPTH + 1);

function isSpace(byte: number): boolean {
  return byte === SPACE || byte === TAB || byte === LF || byte === CR;
}

function skipSpaces(bytes: Uint8Array, at: number, end: number): number {
  let index = at;
  while (index < end && isSpace(bytes[index] as number)) index++;
  return index;
}

/** Whether bytes[start, end) is one of READ_NAMES. */
function isReadName(bytes: Uint8Array, start: number, end: number): boolean {
  const candidates = READ_BY_LENGTH[end - start];
  if (candidates === undefined) return false;
  for (const name of candidates) {
    let index = 0;
    while (index < name.length && name[index] === bytes[start + index]) index++;
    if (index === name.length) return true;
  }
  return false;
}

/**
 * Copies the JSON line bytes[start, end) into `out` without the members the mapper never reads, and without
 * the whitespace between tokens; answers the pruned line's length in `out`, or -1 when the line must be parsed
 * whole. `out` must hold at least end - start bytes.
 */
export function pruneLine(bytes: Uint8Array, start: number, end: number, out: Uint8Array): number {
  let at = skipSpaces(bytes, start, end);
  if (bytes[at] !== OPEN_BRACE) return -1;
  out[0] = OPEN_BRACE;
  let written = 1;
  let depth = 1;
  kinds[1] = OBJECT;
  hasWritten[1] = 0;
  let expected = KEY_OR_CLOSE;
  at++;
  while (depth > 0) {
    let byte = bytes[at] as number;
    if (byte === SPACE || byte === TAB || byte === LF || byte === CR) {
      at = skipSpaces(bytes, at, end);
      byte = bytes[at] as number;
    }
    if (at >= end) return -1;
    if (expected === AFTER_VALUE) {
      const kind = kinds[depth];
      if (byte === COMMA) {
        if (kind === ARRAY) {
          out[written++] = COMMA;
          expected = VALUE;
        } else {
          expected = KEY;
        }
        at++;
      } else if ((byte === CLOSE_BRACE && kind === OBJECT) || (byte === CLOSE_BRACKET && kind === ARRAY)) {
        out[written++] = byte;
        depth--;
        at++;
      } else {
        return -1;
      }
    } else if (byte === QUOTE) {
      if (expected === VALUE || expected === VALUE_OR_CLOSE) {
        // A string value, copied as it is (JSON.parse judges its escapes) up to its closing quote.
        out[written++] = QUOTE;
        at++;
        for (;;) {
          if (at >= end) return -1;
          const next = bytes[at++] as number;
          out[written++] = next;
          if (next === QUOTE) break;
          if (next === BACKSLASH) out[written++] = bytes[at++] as number;
        }
        expected = AFTER_VALUE;
        continue;
      }
      // A member's name, checked strictly: a member left out must have a valid name too.
      const nameEnd = validStringEnd(bytes, at, end);
      if (nameEnd < 0) return -1;
      let colon = nameEnd;
      if (bytes[colon] !== COLON) colon = skipSpaces(bytes, colon, end);
      if (bytes[colon] !== COLON) return -1;
      // A name with an escape may spell a read name: it is kept, like every read name.
      if (!isReadName(bytes, at + 1, nameEnd - 1) && !hasEscape(bytes, at + 1, nameEnd - 1)) {
        at = skipValue(bytes, colon + 1, end);
        if (at < 0) return -1;
        expected = AFTER_VALUE;
        continue;
      }
      if (hasWritten[depth] === 1) out[written++] = COMMA;
      hasWritten[depth] = 1;
      while (at < nameEnd) out[written++] = bytes[at++] as number;
      out[written++] = COLON;
      at = colon + 1;
      expected = VALUE;
    } else if (expected === KEY || expected === KEY_OR_CLOSE) {
      if (byte !== CLOSE_BRACE || expected !== KEY_OR_CLOSE) return -1;
      out[written++] = byte;
      depth--;
      expected = AFTER_VALUE;
      at++;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth >= MAX_DEPTH) return -1;
      depth++;
      kinds[depth] = byte === OPEN_BRACE ? OBJECT : ARRAY;
      hasWritten[depth] = 0;
      out[written++] = byte;
      expected = byte === OPEN_BRACE ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      at++;
    } else if (byte === CLOSE_BRACKET && expected === VALUE_OR_CLOSE) {
      out[written++] = byte;
      depth--;
      expected = AFTER_VALUE;
      at++;
    } else {
      // A number, true, false or null, copied as it is: JSON.parse judges it.
      const next = scalarEnd(bytes, at, end);
      if (next === at) return -1;
      while (at < next) out[written++] = bytes[at++] as number;
      expected = AFTER_VALUE;
    }
  }
  return skipSpaces(bytes, at, end) === end ? written : -1;
}

function hasEscape(bytes: Uint8Array, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (bytes[index] === BACKSLASH) return true;
  return false;
}

/** The end of a run of the characters of numbers and literals. */
function scalarEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = at;
  while (index < end) {
    const byte = bytes[index] as number;
    const isScalar =
      (byte >= ZERO && byte <= NINE) ||
      (byte >= LOWER_A && byte <= LOWER_Z) ||
      byte === MINUS ||
      byte === PLUS ||
      byte === DOT ||
      byte === UPPER_E;
    if (!isScalar) break;
    index++;
  }
  return index;
}
