// The outbox (issue 24): what a learner does is written here first, in IndexedDB, then sent, in order, as soon as
// the server can be reached; nothing is lost to a network that drops, a tab that closes or a day on a plane. Each
// entry carries an idempotency key and the moment it was done (common/offline.ts), so a retry is never counted
// twice and a report sent days later counts on the day it was made.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Endpoint, ResponseOf } from '#common/contract.ts';
import { setDailyGoal, trackReadingTime } from '#common/endpoints/activity.ts';
import { markChapterRead, markChapterUnread } from '#common/endpoints/progress.ts';
import { markChapterKnown, setTermStatus } from '#common/endpoints/terms.ts';
import { saveWord } from '#common/endpoints/words.ts';
import { IDEMPOTENCY_KEY_HEADER, OCCURRED_AT_HEADER } from '#common/offline.ts';
import { ApiError } from '#web/lib/api.ts';
import { type CallInput, call } from '#web/lib/call.ts';

/** The calls that go through the outbox, by the name an entry keeps. */
export const OUTBOX_CALLS = {
  'track-reading-time': trackReadingTime,
  'mark-read': markChapterRead,
  'mark-unread': markChapterUnread,
  'save-word': saveWord,
  'term-status': setTermStatus,
  'mark-known': markChapterKnown,
  'daily-goal': setDailyGoal,
} as const;

export type OutboxKind = keyof typeof OUTBOX_CALLS;
type Contract<K extends OutboxKind> = (typeof OUTBOX_CALLS)[K];
type Input<K extends OutboxKind> = Omit<CallInput<Contract<K>>, 'signal' | 'headers'>;

/** One thing the learner did, waiting to be sent. */
export interface OutboxEntry<K extends OutboxKind = OutboxKind> {
  /** Its place in the order things were done (IndexedDB's key). */
  seq?: number;
  /** The learner's address: an entry is only ever sent with its own learner's session. */
  owner: string;
  kind: K;
  input: Input<K>;
  /** The idempotency key: the same for every attempt. */
  key: string;
  /** When it was done (ISO 8601). */
  occurredAt: string;
}

interface OutboxDb extends DBSchema {
  outbox: { key: number; value: OutboxEntry; indexes: { owner: string } };
}

let database: Promise<IDBPDatabase<OutboxDb>> | undefined;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  database ??= openDB<OutboxDb>('catamaran-offline', 1, {
    upgrade(upgrading) {
      const store = upgrading.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('owner', 'owner');
    },
  }).catch((error: unknown) => {
    database = undefined;
    throw error;
  });
  return database;
}

/** The learner's entries, in the order they were done (the index orders equal owners by their seq). */
export async function pendingEntries(owner: string): Promise<OutboxEntry[]> {
  return (await db()).getAllFromIndex('outbox', 'owner', owner);
}

/** Writes an entry (before anything is sent), answering it with its place. */
export async function enqueue<K extends OutboxKind>(entry: OutboxEntry<K>): Promise<OutboxEntry<K>> {
  const seq = await (await db()).add('outbox', entry as unknown as OutboxEntry);
  notify();
  return { ...entry, seq };
}

/** Forgets an entry the server took (or refused for good). */
export async function settle(seq: number | undefined): Promise<void> {
  if (seq === undefined) return;
  await (await db()).delete('outbox', seq);
  notify();
}

/** An entry as its call: its own input, with its key and moment. */
export function sendEntry<K extends OutboxKind>(entry: OutboxEntry<K>): Promise<ResponseOf<Contract<K>>> {
  const contract: Endpoint = OUTBOX_CALLS[entry.kind];
  const headers = { [IDEMPOTENCY_KEY_HEADER]: entry.key, [OCCURRED_AT_HEADER]: entry.occurredAt };
  return call(contract, { ...(entry.input as object), headers } as never) as Promise<ResponseOf<Contract<K>>>;
}

/**
 * Whether a failure means "later" rather than "never": no network, the server busy or down (429, 5xx), the
 * session to be refreshed (401), or the same key still being handled elsewhere (409). Anything but an ApiError
 * is an answer of the server's (2xx) that did not read as declared: it was taken, and sending it again would
 * only be answered the same.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === 0 || status === 401 || status === 409 || status === 429 || status >= 500;
}

const listeners = new Set<() => void>();

/** Hears every change of the outbox (an entry added or settled). */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

/** A random UUID (version 4), also where crypto.randomUUID is missing (a page served over plain http). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new entry for something done now. */
export function entryOf<K extends OutboxKind>(
  owner: string,
  kind: K,
  input: Input<K>,
  key = newKey(),
): OutboxEntry<K> {
  return { owner, kind, input, key, occurredAt: new Date().toISOString() };
}
