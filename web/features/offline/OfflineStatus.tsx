import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { plural } from '#common/plural.ts';
import { afterHydration } from '#web/lib/afterHydration.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { onOutboxChange, pendingEntries } from './outbox.ts';
import { dropUnreadableDownloads } from './readable.ts';
import { dismissRefusals, flush, flushNowAgain, onSync } from './sync.ts';
import { useDownloadOwner } from './useDownloads.ts';
import { useOnline } from './useOnline.ts';

export const OFFLINE_TEXT = {
  offline: 'Offline: downloaded stories still open.',
  waiting: (count: number) =>
    `${plural(count, { one: 'change', other: 'changes' })} to send when back online.`,
  refused: 'Not everything done offline could be counted:',
  dismiss: 'Dismiss',
} as const;

/** How many of the learner's entries wait in the outbox, kept up to date. */
function useWaiting(owner: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (owner === '') return;
    let cancelled = false;
    const read = () =>
      void pendingEntries(owner).then(
        (entries) => !cancelled && setCount(entries.length),
        () => undefined,
      );
    // On a drawn page, after its hydration (docs/decisions/107).
    afterHydration(() => !cancelled && read());
    const stop = onOutboxChange(read);
    return () => {
      cancelled = true;
      stop();
    };
  }, [owner]);
  return count;
}

/**
 * Sends the outbox when it can (on opening, when the network returns, when the page is shown again), then
 * refreshes what the sent changes touched and drops the downloads the learner may no longer read.
 */
function useSync(owner: string, online: boolean): readonly string[] {
  const queryClient = useQueryClient();
  const [refusals, setRefusals] = useState<readonly string[]>([]);
  useEffect(() => {
    if (owner === '') return;
    const stop = onSync((event) => {
      if (event.type === 'refused') {
        setRefusals(event.messages);
        return;
      }
      for (const queryKey of [
        queryKeys.stories(),
        queryKeys.chapters(),
        queryKeys.languageProgress(),
        queryKeys.dailyGoalAll(),
        queryKeys.activityAll(),
        queryKeys.words(),
        queryKeys.knownWordsAll(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
    const again = () => document.visibilityState === 'visible' && void flushNowAgain(owner);
    document.addEventListener('visibilitychange', again);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', again);
    };
  }, [owner, queryClient]);

  useEffect(() => {
    if (owner === '' || !online) return;
    let cancelled = false;
    // On a drawn page, after its hydration (docs/decisions/107): asking for the outbox's Web Lock cost 11 ms of
    // the hydration's last task at CPU ×4 (bench/lighthouse/profile.ts on the drawn library, 2026-11-29).
    afterHydration(() => {
      if (cancelled) return;
      void flush(owner).then(async () => {
        if ((await dropUnreadableDownloads(owner)) > 0) {
          await queryClient.invalidateQueries({ queryKey: queryKeys.downloads(owner) });
        }
      });
    });
    return () => {
      cancelled = true;
    };
  }, [owner, online, queryClient]);
  return refusals;
}

/**
 * The offline band at the top of every data screen (issue 24): shown while the device is offline, with how many
 * changes wait to be sent; and, once back, what the server would not count, if anything.
 */
export function OfflineStatus() {
  const owner = useDownloadOwner();
  const online = useOnline();
  const waiting = useWaiting(owner);
  const refusals = useSync(owner, online);
  return (
    <>
      {online ? null : (
        <div
          role="status"
          className="flex items-center justify-center gap-2 bg-slate-800 px-4 py-1.5 text-center text-sm font-medium text-white"
        >
          <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {OFFLINE_TEXT.offline}
            {waiting > 0 ? ` ${OFFLINE_TEXT.waiting(waiting)}` : ''}
          </span>
        </div>
      )}
      {refusals.length > 0 ? (
        <div
          role="alert"
          className="flex items-start justify-center gap-2 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <p>
            {OFFLINE_TEXT.refused} {refusals.join(' ')}
          </p>
          <button
            type="button"
            onClick={dismissRefusals}
            aria-label={OFFLINE_TEXT.dismiss}
            className="rounded p-0.5 hover:bg-amber-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </>
  );
}
