import { useEffect, useRef } from 'react';
import { trackReadingTime } from '#common/endpoints/activity.ts';
import type { TrackReadingTimeInput } from '#common/schemas/library.ts';
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
 * the page goes away still arrives, carrying the token it was given. Each report has an id of its own; one
 * the server did not take (unreachable, or a 5xx) is sent again with the next, under the same id, so a report
 * that did arrive but whose answer was lost is not counted twice.
 */
export function useReadingTime(chapterId: number, accessToken: string | null): void {
  const token = useRef(accessToken);
  token.current = accessToken;
  const unsent = useRef<Report[]>([]);

  useEffect(() => {
    let runningSince: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    let unsentMs = 0;

    function send(report: Report) {
      void postOnLeave(trackReadingTime, { body: report }, token.current).then((isTaken) => {
        if (!isTaken && unsent.current.length < MAX_UNSENT_REPORTS) unsent.current.push(report);
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

/** A random UUID (version 4), also where crypto.randomUUID is missing (a page served over plain http). */
export function newReportId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
