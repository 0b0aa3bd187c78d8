// One JSON value checked strictly, byte by byte, without making it: what json-prune.ts leaves out of a line
// must be valid JSON, or the line would parse where the whole of it does not.
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
  LOWER_B,
  LOWER_E,
  LOWER_F,
  LOWER_N,
  LOWER_R,
  LOWER_T,
  LOWER_U,
  MAX_DEPTH,
  MINUS,
  NINE,
  ONE,
  OPEN_BRACE,
  OPEN_BRACKET,
  PLUS,
  QUOTE,
  SLASH,
  SPACE,
  TAB,
  UPPER_A,
  UPPER_E,
  UPPER_F,
  ZERO,
} from './json-bytes.ts';

const LITERALS = ['true', 'false', 'null'].map((word) =>
  Uint8Array.from(word, (character) => character.charCodeAt(0)),
);

/** Per depth, whether the container is an object (1) or an array (0). */
const isObjectAt = new Uint8Array(MAX_DEPTH + 1);

function skipSpaces(bytes: Uint8Array, at: number, end: number): number {
  let index = at;
  while (index < end) {
    const byte = bytes[index];
    if (byte !== SPACE && byte !== TAB && byte !== LF && byte !== CR) break;
    index++;
  }
  return index;
}

function isHex(byte: number): boolean {
  return (
    (byte >= ZERO && byte <= NINE) ||
    (byte >= UPPER_A && byte <= UPPER_F) ||
    (byte >= LOWER_A && byte <= LOWER_F)
  );
}

/** The end of a valid string opening at `at` (its escapes and characters checked as JSON wants), or -1. */
export function validStringEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = at + 1;
  while (index < end) {
    const byte = bytes[index] as number;
    if (byte === QUOTE) return index + 1;
    if (byte < SPACE) return -1;
    if (byte !== BACKSLASH) {
      index++;
      continue;
    }
    const escaped = bytes[index + 1];
    if (escaped === LOWER_U) {
      for (let digit = 2; digit < 6; digit++) if (!isHex(bytes[index + digit] ?? 0)) return -1;
      index += 6;
    } else if (
      escaped === QUOTE ||
      escaped === BACKSLASH ||
      escaped === SLASH ||
      escaped === LOWER_B ||
      escaped === LOWER_F ||
      escaped === LOWER_N ||
      escaped === LOWER_R ||
      escaped === LOWER_T
    ) {
      index += 2;
    } else {
      return -1;
    }
  }
  return -1;
}

function digitsEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = at;
  while (index < end && (bytes[index] as number) >= ZERO && (bytes[index] as number) <= NINE) index++;
  return index;
}

/** The end of a valid number starting at `at`, or -1. */
function numberEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = bytes[at] === MINUS ? at + 1 : at;
  const first = bytes[index] ?? 0;
  if (first === ZERO) index++;
  else if (first >= ONE && first <= NINE) index = digitsEnd(bytes, index + 1, end);
  else return -1;
  if (bytes[index] === DOT) {
    const fraction = digitsEnd(bytes, index + 1, end);
    if (fraction === index + 1) return -1;
    index = fraction;
  }
  if (bytes[index] === LOWER_E || bytes[index] === UPPER_E) {
    let exponent = index + 1;
    if (bytes[exponent] === PLUS || bytes[exponent] === MINUS) exponent++;
    const digits = digitsEnd(bytes, exponent, end);
    if (digits === exponent) return -1;
    index = digits;
  }
  return index;
}

/** The end of true, false or null starting at `at`, or -1. */
function literalEnd(bytes: Uint8Array, at: number, end: number): number {
  for (const literal of LITERALS) {
    if (literal[0] !== bytes[at] || at + literal.length > end) continue;
    for (let index = 1; index < literal.length; index++) if (literal[index] !== bytes[at + index]) return -1;
    return at + literal.length;
  }
  return -1;
}

/** The end of a scalar (string, number, literal) starting at `at`, or -1. */
function scalarEnd(bytes: Uint8Array, at: number, end: number): number {
  const byte = bytes[at] as number;
  if (byte === QUOTE) return validStringEnd(bytes, at, end);
  if (byte === MINUS || (byte >= ZERO && byte <= NINE)) return numberEnd(bytes, at, end);
  return literalEnd(bytes, at, end);
}

/**
 * The end of the one valid JSON value that starts at `at` (after whitespace) in bytes[at, end), checked
 * strictly; -1 when it is not valid JSON or nests deeper than MAX_DEPTH.
 */
export function skipValue(bytes: Uint8Array, at: number, end: number): number {
  let index = skipSpaces(bytes, at, end);
  let depth = 0;
  for (;;) {
    if (index >= end) return -1;
    // A value: a scalar, or a container opened (and, if empty, closed).
    const byte = bytes[index];
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth >= MAX_DEPTH) return -1;
      const isObject = byte === OPEN_BRACE;
      index = skipSpaces(bytes, index + 1, end);
      if (bytes[index] === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        index++;
      } else {
        depth++;
        isObjectAt[depth] = isObject ? 1 : 0;
        if (isObject) {
          index = memberValueStart(bytes, index, end);
          if (index < 0) return -1;
        }
        continue;
      }
    } else {
      index = scalarEnd(bytes, index, end);
      if (index < 0) return -1;
    }
    // After a value: the next member or element, or the end of containers.
    for (;;) {
      if (depth === 0) return index;
      index = skipSpaces(bytes, index, end);
      if (index >= end) return -1;
      const next = bytes[index];
      if (next === COMMA) {
        index = skipSpaces(bytes, index + 1, end);
        if (isObjectAt[depth] === 1) {
          index = memberValueStart(bytes, index, end);
          if (index < 0) return -1;
        }
        break;
      }
      if (next !== (isObjectAt[depth] === 1 ? CLOSE_BRACE : CLOSE_BRACKET)) return -1;
      index++;
      depth--;
    }
    index = skipSpaces(bytes, index, end);
  }
}

/** From a member's name (at `at`): where its value starts, after the colon and whitespace; -1 if invalid. */
function memberValueStart(bytes: Uint8Array, at: number, end: number): number {
  if (bytes[at] !== QUOTE) return -1;
  const nameEnd = validStringEnd(bytes, at, end);
  if (nameEnd < 0) return -1;
  const colon = skipSpaces(bytes, nameEnd, end);
  if (bytes[colon] !== COLON) return -1;
  return skipSpaces(bytes, colon + 1, end);
}
