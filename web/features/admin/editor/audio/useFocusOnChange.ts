import { useEffect, useRef } from 'react';

/**
 * Keeps keyboard focus when one set of controls replaces another (Start Recording → Pause, the file picker →
 * Remove audio): the control a person just used disappears, and focus would fall back to the page. Call
 * `requestFocus()` in the handler; when `view` changes next, focus moves to the first enabled control inside
 * `containerRef`.
 */
export function useFocusOnChange<Element extends HTMLElement>(view: string) {
  const containerRef = useRef<Element>(null);
  const isRequested = useRef(false);
  const shownView = useRef(view);
  useEffect(() => {
    if (view === shownView.current) return;
    shownView.current = view;
    if (!isRequested.current) return;
    isRequested.current = false;
    containerRef.current?.querySelector<HTMLElement>('button:enabled, input:enabled')?.focus();
  }, [view]);
  return {
    containerRef,
    requestFocus: () => {
      isRequested.current = true;
    },
  };
}
