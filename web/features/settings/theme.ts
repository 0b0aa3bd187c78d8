// The app's colours (issue 23): light, sepia or dark on <html data-theme>, the learner's choice, or the device's
// own setting when they chose 'system'. web/public/theme.js puts it there before the first paint; useTheme()
// keeps it in step afterwards. The palettes themselves are in web/theme.css.
//
// This module is in the landing's first JavaScript: it imports no schema (zod) and no TanStack Query, and reads
// the device's copy of the settings itself (docs/decisions/082).
import { useEffect, useSyncExternalStore } from 'react';
import type { Theme } from '#common/schemas/readerSettings.ts';

export type ResolvedTheme = 'light' | 'sepia' | 'dark';

/** The device's copy of the settings: the same key as readerSettings.ts and web/public/theme.js (a test holds all three together). */
export const THEME_STORAGE_KEY = 'catamaran:reader-settings';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The browser's bar colour in each theme: the brand's teal (sepia's a shade deeper), dark's own background. */
export const THEME_COLORS: Record<ResolvedTheme, string> = {
  light: '#0e7490',
  sepia: '#02596f',
  dark: '#0d121b',
};

const CHOICES: readonly Theme[] = ['system', 'light', 'sepia', 'dark'];

/** The theme drawn for a choice: 'system' is dark when the device is, light otherwise. */
export function resolveTheme(choice: Theme, isSystemDark: boolean): ResolvedTheme {
  if (choice === 'system') return isSystemDark ? 'dark' : 'light';
  return choice;
}

/** Puts a theme on the page: <html data-theme> (the palettes and color-scheme follow it) and the bar colour. */
export function applyTheme(theme: ResolvedTheme): void {
  // Written only when it changes: theme.js put it there before the first paint, and an attribute written again,
  // even with the same value, is a change of <html> that the style engine and observers are told of.
  const root = document.documentElement;
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    if (meta.content !== THEME_COLORS[theme]) meta.content = THEME_COLORS[theme];
  }
}

let noted: Theme | undefined;
const listeners = new Set<() => void>();

function readChoice(): Theme {
  if (noted) return noted;
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null');
    const theme = typeof saved === 'object' && saved !== null && 'theme' in saved ? saved.theme : undefined;
    noted = CHOICES.find((choice) => choice === theme) ?? 'system';
  } catch {
    noted = 'system';
  }
  return noted;
}

/** Tells the page the learner's choice changed: readerSettings.ts calls it whenever it stores the settings. */
export function noteThemeChoice(choice: Theme): void {
  if (choice === noted) return;
  noted = choice;
  for (const listener of listeners) listener();
}

function subscribeChoice(listener: () => void) {
  listeners.add(listener);
  // Another tab that changes the settings changes this one's theme too.
  const handleStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    noted = undefined;
    listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

/** The device's query, made once: React reads its answer on every render of the app's root. */
let darkQuery: MediaQueryList | undefined;

function systemQuery(): MediaQueryList | undefined {
  // No window when the landing is rendered at build time (web/prerender.tsx).
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  darkQuery ??= window.matchMedia(DARK_QUERY);
  return darkQuery;
}

function subscribeSystem(listener: () => void) {
  const query = systemQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

const isSystemDark = () => systemQuery()?.matches ?? false;

/**
 * The learner's choice and the theme drawn for it, kept on <html> as either changes: mounted once, at the app's
 * root. A component that only shows the theme may call it too: it applies the same theme.
 */
export function useTheme(): { choice: Theme; theme: ResolvedTheme } {
  // The server snapshot is read while the landing's markup hydrates (docs/decisions/094): the device's own
  // values there too, so the theme theme.js drew is never put back to light for a moment. (At build time there
  // is no storage and no window: 'system' and light.)
  const choice = useSyncExternalStore(subscribeChoice, readChoice, readChoice);
  const isDark = useSyncExternalStore(subscribeSystem, isSystemDark, isSystemDark);
  const theme = resolveTheme(choice, isDark);
  useEffect(() => applyTheme(theme), [theme]);
  return { choice, theme };
}

/** useTheme() as a component that draws nothing, for the app's root. */
export function ThemeSync(): null {
  useTheme();
  return null;
}
