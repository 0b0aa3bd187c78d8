import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';

/**
 * A new object key: `prefix`, the time and a random part, then `.extension`. Storage never overwrites, so the
 * random part is what keeps two uploads of one millisecond apart.
 */
export function generatedKey(prefix: string, extension: string, randomBytesCount = 4): string {
  return `${prefix}${Date.now()}-${randomBytes(randomBytesCount).toString('hex')}.${extension}`;
}

/**
 * A file name fit to keep, show and download under: no folders, no control or formatting characters (a
 * right-to-left override could disguise it), at most 255 characters, and the stored file's extension; for a
 * name with nothing left, `fallbackStem` and the extension.
 */
export function keepableFilename(name: string | undefined, extension: string, fallbackStem: string): string {
  const cleaned = basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 240);
  if (!cleaned) return `${fallbackStem}.${extension}`;
  return cleaned.toLowerCase().endsWith(`.${extension}`) ? cleaned : `${cleaned}.${extension}`;
}
