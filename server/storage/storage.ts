import type { Readable } from 'node:stream';

/** Folders whose objects browsers may fetch; anything else (an uploaded dump) is kept private. */
export const PUBLIC_FOLDERS = ['story-images/', 'story-audio/'] as const;

/** Folders of private objects that the admin area opens through signed addresses (applicant videos). */
export const PRIVATE_SIGNED_FOLDERS = ['applicant-videos/'] as const;

/** True for a key in a folder browsers may fetch. */
export function isPublicKey(key: string): boolean {
  return PUBLIC_FOLDERS.some((folder) => key.startsWith(folder));
}

/**
 * Where covers, audio and applicant videos live. The database stores object keys (story-images/covers/…);
 * URLs are derived when presenting, so a move from disk to S3 changes no row.
 */
export interface ObjectStorage {
  /**
   * Streams a body to `key` without holding it in memory; answers the bytes written. Never overwrites. A put
   * that fails (the body fails, or the store) leaves no object behind.
   */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** Streams an object's bytes back (a dictionary dump the import job reads); rejects when it is missing. */
  get(key: string): Promise<Readable>;
  /** Removes objects; a key that is already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The URL a browser fetches the object from. */
  publicUrl(key: string): string;
  /**
   * A URL that downloads a private object (an applicant's video) as `downloadName` until it expires: an S3
   * presigned URL, or a /media/ address signed with an HMAC on the local driver.
   */
  signedUrl(key: string, options: { expiresInSeconds: number; downloadName: string }): Promise<string>;
  /** The key behind a URL this storage gave out; undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  /** The origin of those URLs when it is not the site's own (for the Content-Security-Policy). */
  readonly externalOrigin: string | undefined;
}

/** A put to a key that is taken: objects are never overwritten. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`The object ${key} exists already; objects are never overwritten.`);
    this.name = 'ObjectExistsError';
  }
}

/** Object keys of admin.md §7: a folder and a name of letters, digits, dots, dashes and underscores. */
const SAFE_KEY = /^(?:[a-z0-9-]+\/)+[A-Za-z0-9._-]+$/;

/** True for a key of the expected shape. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** Refuses a key that could climb out of its folder or carry odd characters. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Refusing the object key "${key}".`);
}

/** The key after a base URL, when the URL is under it and the rest is a safe key. */
export function keyAfter(base: string, url: string): string | undefined {
  if (!url.startsWith(base)) return undefined;
  const key = url.slice(base.length);
  return isSafeKey(key) ? key : undefined;
}
