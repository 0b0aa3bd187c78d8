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
//
// Since decision 108 an import's line work first has json-build.ts make the read members straight from the
// bytes; a line is pruned here, then parsed, only when buildLine leaves it (a number, an escaped name, a
// malformed line). READ_NAMES is both's list.
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  CR,
  DOT,
  LF,
  LOWER_A,
  LOWER_Z,
  MAX_DEPTH,
  MINUS,
  NINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  PLUS,
  QUOTE,
  SPACE,
  TAB,
  UPPER_E,
  ZERO,
} from './json-bytes.ts';
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

/** The names as bytes (all ASCII), found by their first byte and length (nameSlot). */
const READ_BY_SLOT: (Uint8Array[] | undefined)[] = [];
function nameSlot(first: number, length: number): number {
  return (first & 0x7f) * 64 + (length & 63);
}
for (const name of READ_NAMES) {
  const bytes = Uint8Array.from(name, (character) => character.charCodeAt(0));
  const slot = nameSlot(bytes[0] ?? 0, bytes.length);
  READ_BY_SLOT[slot] = [...(READ_BY_SLOT[slot] ?? []), bytes];
}

const OBJECT = 1;
const ARRAY = 2;

/** What the scanner expects next. */
const VALUE = 0;
const VALUE_OR_CLOSE = 1; // just after '['
const KEY = 2;
const KEY_OR_CLOSE = 3; // just after '{'
const AFTER_VALUE = 4;

/** Per depth: the container (OBJECT or ARRAY). */
const kinds = new Uint8Array(MAX_DEPTH + 1);

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
  const candidates = READ_BY_SLOT[nameSlot(bytes[start] ?? 0, end - start)];
  if (candidates === undefined) return false;
  for (let candidate = 0; candidate < candidates.length; candidate++) {
    const name = candidates[candidate] as Uint8Array;
    if (name.length !== end - start) continue;
    // From the first byte: the slot is the first byte without its high bit (0xF7 is 'w' there).
    let index = 0;
    while (index < name.length && name[index] === bytes[start + index]) index++;
    if (index === name.length) return true;
  }
  return false;
}

/** Per depth: whether a member of the object was kept. */
const hasKept = new Uint8Array(MAX_DEPTH + 1);

/**
 * Copies the JSON line bytes[start, end) into `out` without the members the mapper never reads; answers the
 * pruned line's length in `out`, or -1 when the line must be parsed whole. `out` must hold at least
 * end - start bytes. What is kept is copied in stretches, as it is (whitespace too); a member left out takes
 * its comma with it.
 */
// Longer because: one loop over a line's bytes keeps its state in locals, on the hot path of an import (093).
export function pruneLine(bytes: Uint8Array, start: number, end: number, out: Uint8Array): number {
  let at = skipSpaces(bytes, start, end);
  if (bytes[at] !== OPEN_BRACE) return -1;
  /** Where the bytes not yet copied to `out` begin: all of them kept so far. */
  let pending = start;
  let written = 0;
  let depth = 1;
  kinds[1] = OBJECT;
  hasKept[1] = 0;
  let expected = KEY_OR_CLOSE;
  /** The comma before the member being read, or -1 for an object's first member. */
  let comma = -1;
  at++;
  while (depth > 0) {
    at = skipSpaces(bytes, at, end);
    if (at >= end) return -1;
    const byte = bytes[at] as number;
    if (expected === AFTER_VALUE) {
      const kind = kinds[depth];
      if (byte === COMMA) {
        expected = kind === ARRAY ? VALUE : KEY;
        comma = at;
        at++;
      } else if ((byte === CLOSE_BRACE && kind === OBJECT) || (byte === CLOSE_BRACKET && kind === ARRAY)) {
        depth--;
        at++;
      } else {
        return -1;
      }
    } else if (byte === QUOTE) {
      if (expected === VALUE || expected === VALUE_OR_CLOSE) {
        // A string value, kept as it is (JSON.parse judges its escapes): only its end is looked for.
        at = keptStringEnd(bytes, at, end);
        if (at < 0) return -1;
        expected = AFTER_VALUE;
        continue;
      }
      // A member's name, checked strictly: a member left out must have a valid name too.
      const plainEnd = plainNameEnd(bytes, at, end);
      const isPlainName = plainEnd >= 0;
      const nameEnd = isPlainName ? plainEnd : validStringEnd(bytes, at, end);
      if (nameEnd < 0) return -1;
      let colon = nameEnd;
      if (bytes[colon] !== COLON) colon = skipSpaces(bytes, colon, end);
      if (bytes[colon] !== COLON) return -1;
      // A name with an escape may spell a read name: it is kept, like every read name.
      if (isPlainName && !isReadName(bytes, at + 1, nameEnd - 1)) {
        const valueEnd = skipValue(bytes, colon + 1, end);
        if (valueEnd < 0) return -1;
        // Left out with the comma before it; the first member, with none (the next one's goes below).
        written = copy(bytes, pending, comma >= 0 ? comma : at, out, written);
        pending = valueEnd;
        at = valueEnd;
        expected = AFTER_VALUE;
        continue;
      }
      if (hasKept[depth] === 0 && comma >= 0) {
        // The members before were all left out: so is this one's comma.
        written = copy(bytes, pending, comma, out, written);
        pending = comma + 1;
      }
      hasKept[depth] = 1;
      at = colon + 1;
      expected = VALUE;
    } else if (expected === KEY || expected === KEY_OR_CLOSE) {
      if (byte !== CLOSE_BRACE || expected !== KEY_OR_CLOSE) return -1;
      depth--;
      expected = AFTER_VALUE;
      at++;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth >= MAX_DEPTH) return -1;
      depth++;
      kinds[depth] = byte === OPEN_BRACE ? OBJECT : ARRAY;
      hasKept[depth] = 0;
      comma = -1;
      expected = byte === OPEN_BRACE ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      at++;
    } else if (byte === CLOSE_BRACKET && expected === VALUE_OR_CLOSE) {
      depth--;
      expected = AFTER_VALUE;
      at++;
    } else {
      // A number, true, false or null, kept as it is: JSON.parse judges it.
      const next = scalarEnd(bytes, at, end);
      if (next === at) return -1;
      at = next;
      expected = AFTER_VALUE;
    }
  }
  if (skipSpaces(bytes, at, end) !== end) return -1;
  return copy(bytes, pending, end, out, written);
}

/** The end of a string kept as it is, after its closing quote, escapes let through; -1 when it has none. */
function keptStringEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = at + 1;
  while (index < end) {
    const byte = bytes[index++] as number;
    if (byte === QUOTE) return index;
    if (byte === BACKSLASH) index++;
  }
  return -1;
}

/**
 * The end of a name with neither escape nor control character, after its closing quote (most names: the
 * others are checked by validStringEnd); -1 for the others.
 */
function plainNameEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = at + 1;
  while (index < end) {
    const byte = bytes[index] as number;
    if (byte === QUOTE) return index + 1;
    if (byte === BACKSLASH || byte < SPACE) return -1;
    index++;
  }
  return -1;
}

/** Copies bytes[from, to) to out at `at`; answers where the copy ends in `out`. */
function copy(bytes: Uint8Array, from: number, to: number, out: Uint8Array, at: number): number {
  if (to - from > 32) out.set(bytes.subarray(from, to), at);
  else for (let index = from; index < to; index++) out[at + index - from] = bytes[index] as number;
  return at + to - from;
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
