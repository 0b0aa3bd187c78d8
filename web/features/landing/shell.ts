// The landing's markup built into index.html (prerender.tsx, vite.config.ts), and its removal once the app has
// drawn its own first render (docs/decisions/089).

/** The id of the element index.html holds the landing's markup in, beside #root. */
export const LANDING_SHELL_ID = 'landing-shell';

/** Removes the built-in markup: the app's render stands in its place (or another screen does, where it was hidden). */
export function removeLandingShell(): void {
  document.getElementById(LANDING_SHELL_ID)?.remove();
}
