import { useLayoutEffect } from 'react';

/**
 * Sets the browser tab's title while the screen is shown. A layout effect, so the title changes in the same
 * commit as the screen it names: a passive effect could run after the screen is already on show (CI once saw
 * the feedback screen with an empty title on a busy machine).
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
