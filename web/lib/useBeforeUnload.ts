import { useEffect } from 'react';

/** While `isAsking`, a reload, a closed tab or a typed address gets the browser's own "leave this page?". */
export function useBeforeUnload(isAsking: boolean): void {
  useEffect(() => {
    if (!isAsking) return;
    function handleBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isAsking]);
}
