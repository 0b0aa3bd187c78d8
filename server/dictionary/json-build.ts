// A dump's line made into the value the mapper reads straight from its UTF-8 bytes, without JSON.parse
// (docs/decisions/108). json-prune.ts already walked each line to copy the members the mapper reads for
// JSON.parse to make; walking and parsing the half that was kept cost what parsing the whole line did (099).
// buildLine walks the line once and makes the kept members as it goes: the members whose name is not in
// READ_NAMES are checked strictly and left out (json-skip.ts), as pruneLine leaves them out.
//
// It makes only what it is sure JSON.parse would make the same: objects, arrays, strings (those with an escape
// checked strictly and read by JSON.parse alone), true, false and null, under plain names. Anything else (a
// number, a name with an escape, a top level that is not an object, nesting deeper than MAX_DEPTH, anything
// malformed) answers NOT_BUILT, and the line is pruned and parsed as before: the same value, or the same
// 'malformed JSON'.
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  CR,
  LF,
  LOWER_A,
  LOWER_E,
  LOWER_F,
  LOWER_L,
  LOWER_N,
  LOWER_R,
  LOWER_S,
  LOWER_T,
  LOWER_U,
  MAX_DEPTH,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SPACE,
  TAB,
} from './json-bytes.ts';
import { READ_NAMES } from './json-prune.ts';
import { skipValue, validStringEnd } from './json-skip.ts';

/** What buildLine answers when the line is left to pruneLine and JSON.parse. */
export const NOT_BUILT: unique symbol = Symbol('not built');

/** Node's decoders of a buffer's bytes, without toString's checks of its arguments. */
interface Slices {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/** The read names, found by their first byte and length as json-prune.ts finds them. */
const NAME_BYTES: (Uint8Array[] | undefined)[] = [];
const NAME_TEXTS: (string[] | undefined)[] = [];
function nameSlot(first: number, length: number): number {
  return (first & 0x7f) * 64 + (length & 63);
}
for (const name of READ_NAMES) {
  const slot = nameSlot(name.charCodeAt(0), name.length);
  NAME_BYTES[slot] = [...(NAME_BYTES[slot] ?? []), Uint8Array.from(name, (c) => c.charCodeAt(0))];
  NAME_TEXTS[slot] = [...(NAME_TEXTS[slot] ?? []), name];
}

/** The read name bytes[start, end) spells, or undefined. */
function readName(bytes: Uint8Array, start: number, end: number): string | undefined {
  const slot = nameSlot(bytes[start] ?? 0, end - start);
  const candidates = NAME_BYTES[slot];
  if (candidates === undefined) return undefined;
  for (let candidate = 0; candidate < candidates.length; candidate++) {
    const name = candidates[candidate] as Uint8Array;
    if (name.length !== end - start) continue;
    // From the first byte: the slot is the first byte without its high bit (0xF7 is 'w' there).
    let index = 0;
    while (index < name.length && name[index] === bytes[start + index]) index++;
    if (index === name.length) return NAME_TEXTS[slot]?.[candidate];
  }
  return undefined;
}

/** Where the value last made ends: the builder's functions answer a value and leave its end here. */
let next = 0;

function skipSpaces(bytes: Uint8Array, at: number, end: number): number {
  let index = at;
  while (index < end) {
    const byte = bytes[index];
    if (byte !== SPACE && byte !== TAB && byte !== LF && byte !== CR) break;
    index++;
  }
  return index;
}

/**
 * The string opening at `at`, when it has no escape and no control character: its bytes decoded as
 * JSON.parse of the decoded line would read them (a bad UTF-8 sequence becomes U+FFFD either way: a string's
 * quotes are ASCII, which no sequence swallows).
 */
function makeString(bytes: Buffer, at: number, end: number): string | typeof NOT_BUILT {
  let index = at + 1;
  let high = 0;
  while (index < end) {
    const byte = bytes[index] as number;
    if (byte === QUOTE) {
      next = index + 1;
      const slices = bytes as unknown as Slices;
      return high < 0x80 ? slices.latin1Slice(at + 1, index) : slices.utf8Slice(at + 1, index);
    }
    if (byte === BACKSLASH) return escapedString(bytes, at, end);
    if (byte < SPACE) return NOT_BUILT;
    high |= byte;
    index++;
  }
  return NOT_BUILT;
}

/** A string with an escape, checked strictly, then read by JSON.parse alone (its escapes are JSON's). */
function escapedString(bytes: Buffer, at: number, end: number): string | typeof NOT_BUILT {
  const stringEnd = validStringEnd(bytes, at, end);
  if (stringEnd < 0) return NOT_BUILT;
  next = stringEnd;
  return JSON.parse((bytes as unknown as Slices).utf8Slice(at, stringEnd)) as string;
}

/** true, false or null at `at`, when the word is whole (what follows is checked by the caller). */
function makeLiteral(bytes: Uint8Array, at: number): boolean | null | typeof NOT_BUILT {
  const first = bytes[at];
  if (
    first === LOWER_T &&
    bytes[at + 1] === LOWER_R &&
    bytes[at + 2] === LOWER_U &&
    bytes[at + 3] === LOWER_E
  ) {
    next = at + 4;
    return true;
  }
  if (
    first === LOWER_F &&
    bytes[at + 1] === LOWER_A &&
    bytes[at + 2] === LOWER_L &&
    bytes[at + 3] === LOWER_S &&
    bytes[at + 4] === LOWER_E
  ) {
    next = at + 5;
    return false;
  }
  if (
    first === LOWER_N &&
    bytes[at + 1] === LOWER_U &&
    bytes[at + 2] === LOWER_L &&
    bytes[at + 3] === LOWER_L
  ) {
    next = at + 4;
    return null;
  }
  return NOT_BUILT;
}

/**
 * The items of the arrays being made, one array's above its parent's: each array is copied out at its end,
 * exactly as long as it is. An array grown by push keeps room for more (17 items for one): a 10 MB line's
 * 270,000 one-tag lists took 40 MB more than JSON.parse makes, past a worker's heap (lines-off-thread.test.ts).
 */
const items: unknown[] = [];

function makeArray(bytes: Buffer, at: number, end: number, depth: number): unknown[] | typeof NOT_BUILT {
  const base = items.length;
  let index = skipSpaces(bytes, at + 1, end);
  if (bytes[index] === CLOSE_BRACKET) {
    next = index + 1;
    return [];
  }
  for (;;) {
    const item = makeValue(bytes, index, end, depth);
    if (item === NOT_BUILT) {
      items.length = base;
      return NOT_BUILT;
    }
    items.push(item);
    index = skipSpaces(bytes, next, end);
    const byte = bytes[index];
    if (byte === CLOSE_BRACKET) {
      next = index + 1;
      const array = items.slice(base);
      items.length = base;
      return array;
    }
    if (byte !== COMMA) {
      items.length = base;
      return NOT_BUILT;
    }
    index++;
  }
}

/**
 * object[name] = value, with a store of its own for each read name (READ_NAMES; a name added there and not
 * here takes the computed store). One computed store for every name is megamorphic and adds each property
 * the slow way: the line work cost ~5 % more that way (decision 110).
 */
function setMember(object: Record<string, unknown>, name: string, value: unknown): void {
  switch (name) {
    case 'word':
      object.word = value;
      return;
    case 'lang_code':
      object.lang_code = value;
      return;
    case 'pos':
      object.pos = value;
      return;
    case 'senses':
      object.senses = value;
      return;
    case 'forms':
      object.forms = value;
      return;
    case 'sounds':
      object.sounds = value;
      return;
    case 'glosses':
      object.glosses = value;
      return;
    case 'raw_glosses':
      object.raw_glosses = value;
      return;
    case 'tags':
      object.tags = value;
      return;
    case 'examples':
      object.examples = value;
      return;
    case 'form_of':
      object.form_of = value;
      return;
    case 'alt_of':
      object.alt_of = value;
      return;
    case 'text':
      object.text = value;
      return;
    case 'translation':
      object.translation = value;
      return;
    case 'english':
      object.english = value;
      return;
    case 'form':
      object.form = value;
      return;
    case 'mp3_url':
      object.mp3_url = value;
      return;
    case 'ogg_url':
      object.ogg_url = value;
      return;
    default:
      object[name] = value;
  }
}

/** An object with its read members only; the others checked strictly and left out. */
function makeObject(bytes: Buffer, at: number, end: number, depth: number): object | typeof NOT_BUILT {
  const object: Record<string, unknown> = {};
  let index = skipSpaces(bytes, at + 1, end);
  if (bytes[index] === CLOSE_BRACE) {
    next = index + 1;
    return object;
  }
  for (;;) {
    if (bytes[index] !== QUOTE) return NOT_BUILT;
    // A plain name: no escape (it may spell a read name) and no control character.
    let nameEnd = index + 1;
    while (nameEnd < end) {
      const byte = bytes[nameEnd] as number;
      if (byte === QUOTE) break;
      if (byte === BACKSLASH || byte < SPACE) return NOT_BUILT;
      nameEnd++;
    }
    if (nameEnd >= end) return NOT_BUILT;
    const name = readName(bytes, index + 1, nameEnd);
    const colon = skipSpaces(bytes, nameEnd + 1, end);
    if (bytes[colon] !== COLON) return NOT_BUILT;
    if (name === undefined) {
      index = skipValue(bytes, colon + 1, end);
      if (index < 0) return NOT_BUILT;
    } else {
      const value =
        name === 'tags' ? makeTags(bytes, colon + 1, end, depth) : makeValue(bytes, colon + 1, end, depth);
      if (value === NOT_BUILT) return NOT_BUILT;
      // A name given twice keeps its last value, as JSON.parse does. Read names only: never __proto__.
      setMember(object, name, value);
      index = next;
    }
    index = skipSpaces(bytes, index, end);
    const byte = bytes[index];
    if (byte === CLOSE_BRACE) {
      next = index + 1;
      return object;
    }
    if (byte !== COMMA) return NOT_BUILT;
    index = skipSpaces(bytes, index + 1, end);
  }
}

/**
 * Tag lists made once: a dump's forms and senses give a few hundred distinct `tags` lists millions of times
 * (['plural'], ['first-person', 'singular', 'present', 'indicative']). A list of strings that ends at its first
 * ']' is kept under its bytes from its '['; the same bytes followed by ']' later are the same list, and answer
 * the same array (the mapper only reads it). Decided by the bytes alone: whatever they hold (escapes, UTF-8),
 * JSON makes the same value of the same bytes.
 */
const TAG_SLOTS = 1024;
const TAG_MAX_BYTES = 160;
const tagBytes: (Uint8Array | undefined)[] = new Array(TAG_SLOTS);
const tagLists: (unknown[] | undefined)[] = new Array(TAG_SLOTS);

function makeTags(bytes: Buffer, at: number, end: number, depth: number): unknown {
  const open = skipSpaces(bytes, at, end);
  if (bytes[open] !== OPEN_BRACKET || depth >= MAX_DEPTH) return makeValue(bytes, open, end, depth);
  const last = Math.min(end, open + TAG_MAX_BYTES);
  let close = open + 1;
  let hash = 0;
  for (; close < last; close++) {
    const byte = bytes[close] as number;
    if (byte === CLOSE_BRACKET) break;
    hash = (Math.imul(hash, 31) + byte) | 0;
  }
  if (close >= last) return makeArray(bytes, open, end, depth + 1);
  const slot = (hash ^ (hash >>> 10)) & (TAG_SLOTS - 1);
  const kept = tagBytes[slot];
  const length = close - open;
  if (kept !== undefined && kept.length === length) {
    let index = 1;
    while (index < length && kept[index] === bytes[open + index]) index++;
    if (index === length) {
      next = close + 1;
      return tagLists[slot];
    }
  }
  const list = makeArray(bytes, open, end, depth + 1);
  if (list !== NOT_BUILT && next === close + 1 && list.every((item) => typeof item === 'string')) {
    // A copy of the bytes: Buffer's own slice() is a view, which would keep the batch's buffer alive.
    tagBytes[slot] = Uint8Array.prototype.slice.call(bytes, open, close);
    tagLists[slot] = list;
  }
  return list;
}

/** The value starting at `at` (after whitespace), `depth` containers deep. */
function makeValue(bytes: Buffer, at: number, end: number, depth: number): unknown {
  const index = skipSpaces(bytes, at, end);
  const byte = bytes[index];
  if (byte === QUOTE) return makeString(bytes, index, end);
  if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
    if (depth >= MAX_DEPTH) return NOT_BUILT;
    return byte === OPEN_BRACE
      ? makeObject(bytes, index, end, depth + 1)
      : makeArray(bytes, index, end, depth + 1);
  }
  // Numbers are left to JSON.parse: the mapper reads none, and their text has rules of its own.
  return makeLiteral(bytes, index);
}

/**
 * The JSON line bytes[start, end) as JSON.parse would make it, with only the members named in READ_NAMES (at
 * any depth), or NOT_BUILT when the line must be pruned and parsed (see the file's head).
 */
export function buildLine(bytes: Buffer, start: number, end: number): object | typeof NOT_BUILT {
  const at = skipSpaces(bytes, start, end);
  if (bytes[at] !== OPEN_BRACE) return NOT_BUILT;
  const value = makeObject(bytes, at, end, 1);
  if (value === NOT_BUILT || skipSpaces(bytes, next, end) !== end) return NOT_BUILT;
  return value;
}
