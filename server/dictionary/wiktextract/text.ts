// Reading the dump's untyped JSON values: strings made storable (NFC, trimmed), lists of them, rows.
import { nfc } from '#common/dictionary.ts';

export type Row = Record<string, unknown>;

export function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** A string of the dump in NFC, trimmed; undefined when it is missing, blank or not a string. */
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (isPlain(value)) return value;
  // JSON may carry what PostgreSQL refuses to store: NUL ("\u0000") and lone surrogates ("\ud800").
  const storable = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  const whole = LONE_SURROGATE.test(storable) ? storable.replace(LONE_SURROGATES, '\ufffd') : storable;
  const normalized = nfc(whole).trim();
  return normalized === '' ? undefined : normalized;
}

/**
 * Whether text() leaves a string as it is: not empty, no control character (NUL among them), nothing from
 * U+0300 on (no combining mark for NFC to compose, no surrogate), and no space at either end. Tags, and most
 * words and glosses of Latin-script dumps, are; a loop over their few characters costs less than the checks
 * it spares (text() runs tens of millions of times in an import).
 */
function isPlain(value: string): boolean {
  const last = value.length - 1;
  if (last < 0) return false;
  for (let index = 0; index <= last; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code >= 0x300) return false;
    // The two spaces below U+0300 that trim() removes: ' ' and the no-break space.
    if ((index === 0 || index === last) && (code === 0x20 || code === 0xa0)) return false;
  }
  return true;
}

export function texts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // A plain loop: this runs for every tag list of every form of every entry.
  const found: string[] = [];
  for (const item of value) {
    const one = text(item);
    if (one !== undefined) found.push(one);
  }
  return found;
}

export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

export const skip = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
