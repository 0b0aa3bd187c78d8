import { useEffect, useRef } from 'react';
import { trackReadingTime } from '#common/endpoints/activity.ts';
import { postOnLeave } from '#web/lib/call.ts';

/** How often the time read so far is sent (spec/learner.md §9: every 30 seconds). */
export const READING_TIME_REPORT_MS = 30_000;

/**
 * Counts the time a chapter is read and sends it (spec/learner.md §7, §4): every 30 seconds, when the page is
 * hidden, and when the reader is left (another screen, a closed tab), each time only if a whole second or more
 * has passed. The clock stops while the page is hidden. Every report goes out with keepalive, so one made as
 * the page goes away still arrives, carrying the token it was given.
 */
export function useReadingTime(chapterId: number, accessToken: string | null): void {
  const token = useRef(accessToken);
  token.current = accessToken;

  useEffect(() => {
    let runningSince: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    let unsentMs = 0;

    function report() {
      if (runningSince !== null) {
        const now = performance.now();
        unsentMs += now - runningSince;
        runningSince = now;
      }
      const seconds = Math.floor(unsentMs / 1000);
      if (seconds <= 0) return;
      unsentMs -= seconds * 1000;
      postOnLeave(trackReadingTime, { body: { chapter_id: chapterId, seconds } }, token.current);
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
