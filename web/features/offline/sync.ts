// Sending the outbox (outbox.ts): in the order things were done, one at a time, one tab at a time; stopped by
// the first entry the server cannot take yet (so nothing overtakes it) and tried again later; an entry the
// server refuses for good is dropped, and its sentence kept for the learner.
import type { ResponseOf } from '#common/contract.ts';
import { failureText } from '#web/lib/api.ts';
import {
  enqueue,
  entryOf,
  isWorthRetrying,
  type OUTBOX_CALLS,
  type OutboxEntry,
  type OutboxKind,
  pendingEntries,
  sendEntry,
  settle,
} from './outbox.ts';
import { patchKeptAnswers } from './patch.ts';

/** What became of a call made through the outbox. */
export type Outcome<K extends OutboxKind> =
  | { sent: true; answer: ResponseOf<(typeof OUTBOX_CALLS)[K]> }
  | { sent: false };

interface Waiter {
  resolve: (outcome: Outcome<OutboxKind>) => void;
  reject: (error: unknown) => void;
}

/** The calls this page waits on, by key: the screen that made one hears its answer, or that it waits. */
const waiters = new Map<string, Waiter>();

/** Sentences of entries the server refused after they had waited (nobody on screen was waiting for them). */
const refusals: string[] = [];
const syncListeners = new Set<(event: SyncEvent) => void>();

export type SyncEvent = { type: 'sent'; count: number } | { type: 'refused'; messages: readonly string[] };

/** Hears each flush that sent something, and each refusal of an entry sent late. */
export function onSync(listener: (event: SyncEvent) => void): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

function tell(event: SyncEvent) {
  for (const listener of syncListeners) listener(event);
}

let running: Promise<void> = Promise.resolve();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 0;
const FIRST_RETRY_MS = 5000;
const LONGEST_RETRY_MS = 60_000;

/**
 * Sends the learner's waiting entries, in order. One flush at a time in this page (chained), and across tabs
 * (a Web Lock), so two tabs never send the same entries side by side.
 */
export function flush(owner: string): Promise<void> {
  if (owner === '') return Promise.resolve();
  running = running.then(() => withLock(() => flushNow(owner))).catch(() => undefined);
  return running;
}

function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('catamaran-outbox', () => work()).then(() => undefined) : work();
}

// Longer because: the one loop that decides, entry by entry, between taken, refused and "later".
async function flushNow(owner: string): Promise<void> {
  const entries = await pendingEntries(owner);
  let sent = 0;
  const refused: string[] = [];
  let stoppedAt = entries.length;
  for (const [index, entry] of entries.entries()) {
    try {
      const answer = await sendEntry(entry);
      await settle(entry.seq);
      sent += 1;
      waiters.get(entry.key)?.resolve({ sent: true, answer });
    } catch (error) {
      if (isWorthRetrying(error)) {
        stoppedAt = index;
        break;
      }
      await settle(entry.seq);
      const waiter = waiters.get(entry.key);
      if (waiter) waiter.reject(error);
      else refused.push(failureText(error, 'Something you did offline could not be saved.'));
    }
    waiters.delete(entry.key);
  }
  // Those still waiting are kept, and their screens told so.
  for (const entry of entries.slice(stoppedAt)) {
    waiters.get(entry.key)?.resolve({ sent: false });
    waiters.delete(entry.key);
  }
  if (sent > 0) tell({ type: 'sent', count: sent });
  if (refused.length > 0) {
    refusals.push(...refused);
    tell({ type: 'refused', messages: [...refusals] });
  }
  scheduleRetry(owner, stoppedAt < entries.length);
}

/** While entries wait, tries again later: 5 s, then longer each time, at most a minute apart. */
function scheduleRetry(owner: string, isWaiting: boolean) {
  clearTimeout(retryTimer);
  if (!isWaiting) {
    retryDelayMs = 0;
    return;
  }
  retryDelayMs = Math.min(LONGEST_RETRY_MS, retryDelayMs === 0 ? FIRST_RETRY_MS : retryDelayMs * 2);
  retryTimer = setTimeout(() => void flush(owner), retryDelayMs);
}

/** Tries again at once (the network is back, the page is shown again), from the shortest delay. */
export function flushNowAgain(owner: string): Promise<void> {
  retryDelayMs = 0;
  return flush(owner);
}

/** Forgets the refusals shown to the learner. */
export function dismissRefusals(): void {
  refusals.length = 0;
  tell({ type: 'refused', messages: [] });
}

/**
 * Does something through the outbox: written first, then sent after whatever waits before it. Resolves with
 * the server's answer once sent, or `{ sent: false }` when it waits for the network (and then what it changes
 * is written into the kept answers, patch.ts); rejects with the server's refusal (a 4xx that a retry would not
 * change), as a direct call would. Without a learner or without IndexedDB (a private window of some browsers),
 * the call is made directly, as before the outbox.
 */
export async function perform<K extends OutboxKind>(
  owner: string,
  kind: K,
  input: OutboxEntry<K>['input'],
  key?: string,
): Promise<Outcome<K>> {
  const made = entryOf(owner, kind, input, key);
  const entry = owner === '' ? undefined : await enqueue(made).catch(() => undefined);
  if (!entry) return { sent: true, answer: await sendEntry(made) };
  const outcome = new Promise<Outcome<K>>((resolve, reject) => {
    waiters.set(entry.key, { resolve: resolve as Waiter['resolve'], reject });
  });
  void flush(owner);
  const result = await outcome;
  if (!result.sent) await patchKeptAnswers(entry as unknown as OutboxEntry).catch(() => undefined);
  return result;
}
