import { useEffect, useRef } from 'react';
import { trackReadingTime } from '#common/endpoints/activity.ts';
import { IDEMPOTENCY_KEY_HEADER, OCCURRED_AT_HEADER } from '#common/offline.ts';
import type { TrackReadingTimeInput } from '#common/schemas/library.ts';
import { enqueue, entryOf, newKey, settle } from '#web/features/offline/outbox.ts';
import { postOnLeave } from '#web/lib/call.ts';

/** How often the time read so far is sent (spec/learner.md §9: every 30 seconds). */
export const READING_TIME_REPORT_MS = 30_000;

/** Reports kept to send again while the server cannot be reached: an hour of reading, at most. */
const MAX_UNSENT_REPORTS = 120;

type Report = Required<TrackReadingTimeInput>;

/**
 * Counts the time a chapter is read and sends it (spec/learner.md §7, §4): every 30 seconds, when the page is
 * hidden, and when the reader is left (another screen, a closed tab), each time only if a whole second or more
 * has passed. The clock stops while the page is hidden. Every report goes out with keepalive, so one made as
 * the page goes away still arrives, carrying the token it was given. Each report has an id of its own, sent as
 * its idempotency key too. Issue 24: a report is first written to the outbox (IndexedDB), and settled there once
 * the server took it; one the server did not take (offline, a 5xx) waits there and is sent by the outbox when
 * the network returns, counted on the day it was read. Without IndexedDB, it is sent again with the next
 * report, under the same id, while the page stays open.
 */
export function useReadingTime(chapterId: number, accessToken: string | null, owner = ''): void {
  const token = useRef(accessToken);
  token.current = accessToken;
  const learner = useRef(owner);
  learner.current = owner;
  const unsent = useRef<Report[]>([]);

  useEffect(() => {
    let runningSince: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    let unsentMs = 0;

    function send(report: Report) {
      const entry = entryOf(learner.current, 'track-reading-time', { body: report }, report.report_id);
      const written = learner.current ? enqueue(entry).catch(() => undefined) : Promise.resolve(undefined);
      const headers = { [IDEMPOTENCY_KEY_HEADER]: entry.key, [OCCURRED_AT_HEADER]: entry.occurredAt };
      void postOnLeave(trackReadingTime, { body: report, headers }, token.current).then(async (isTaken) => {
        const saved = await written;
        if (isTaken) await settle(saved?.seq).catch(() => undefined);
        else if (!saved && unsent.current.length < MAX_UNSENT_REPORTS) unsent.current.push(report);
      });
    }

    function report() {
      if (runningSince !== null) {
        const now = performance.now();
        unsentMs += now - runningSince;
        runningSince = now;
      }
      for (const again of unsent.current.splice(0)) send(again);
      const seconds = Math.floor(unsentMs / 1000);
      if (seconds <= 0) return;
      unsentMs -= seconds * 1000;
      send({ chapter_id: chapterId, seconds, report_id: newReportId() });
    }

    function handleVisibility() {
      if (document.visibilityState === 'hidden') {
        report();
        runningSince = null;
      } else if (runningSince === null) {
        runningSince = performance.now();
      }
    }

    const timer = window.setInterval(report, READING_TIME_REPORT_MS);
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('pagehide', report);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('pagehide', report);
      report();
    };
  }, [chapterId]);
}

/** A random UUID (version 4): a report's id. */
export const newReportId = newKey;
