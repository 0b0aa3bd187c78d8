import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBeforeUnload } from './useBeforeUnload.ts';

export interface LeaveGuard {
  /** True while the question "leave without saving?" is open. */
  isAsking: boolean;
  /** Goes to an address of the app, asking first when there is unsaved work. */
  leaveTo: (to: string) => void;
  /** The answer "stay": the question closes and nothing moves. */
  stay: () => void;
  /** The answer "leave": the navigation the person started goes ahead. */
  leave: () => void;
}

/**
 * Asks before a screen with unsaved work is left (admin.md: "Leaving the editor with unsaved changes asks
 * first"): by the app's own links (through `leaveTo`), by the browser's Back button, and by a reload, a closed
 * tab or a typed address (the browser's own beforeunload question).
 *
 * React Router's useBlocker would do the first two, but it needs the data router, which the landing page's
 * JavaScript budget rules out (docs/decisions/003). So Back is caught with a guard entry: while there is
 * unsaved work, a copy of the current history entry sits on top; Back pops it, the address stays the same, and
 * the question is asked. A guard left behind by a save is skipped when Back reaches it (docs/decisions/010).
 */
export function useLeaveGuard(hasUnsavedWork: boolean): LeaveGuard {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ kind: 'back' } | { kind: 'link'; to: string }>();
  const isGuardOnTop = useRef(false);
  const hasUnsavedWorkRef = useRef(hasUnsavedWork);
  hasUnsavedWorkRef.current = hasUnsavedWork;

  const pushGuard = useCallback(() => {
    window.history.pushState(window.history.state, '', window.location.href);
    isGuardOnTop.current = true;
  }, []);

  useEffect(() => {
    if (hasUnsavedWork && !isGuardOnTop.current) pushGuard();
  }, [hasUnsavedWork, pushGuard]);

  useEffect(() => {
    function handlePopState() {
      if (!isGuardOnTop.current) return;
      isGuardOnTop.current = false;
      if (hasUnsavedWorkRef.current) setPending({ kind: 'back' });
      // Saved since the guard was pushed: the person meant to go back, past the guard.
      else window.history.back();
    }
    window.addEventListener('popstate', handlePopState);
    return () => window.removeEventListener('popstate', handlePopState);
  }, []);

  useBeforeUnload(hasUnsavedWork);

  const leaveTo = useCallback(
    (to: string) => {
      if (hasUnsavedWorkRef.current) setPending({ kind: 'link', to });
      else void navigate(to);
    },
    [navigate],
  );

  const stay = useCallback(() => {
    if (pending?.kind === 'back') pushGuard();
    setPending(undefined);
  }, [pending, pushGuard]);

  const leave = useCallback(() => {
    setPending(undefined);
    if (pending?.kind === 'back') window.history.back();
    else if (pending?.kind === 'link') void navigate(pending.to);
  }, [pending, navigate]);

  return { isAsking: pending !== undefined, leaveTo, stay, leave };
}
