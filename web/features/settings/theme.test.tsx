import { readFileSync } from 'node:fs';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_READER_SETTINGS, type Theme } from '#common/schemas/readerSettings.ts';

/** A stand-in for the device's prefers-color-scheme, which jsdom lacks: dark or not, and can change. */
function fakeSystem(isDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: isDark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => (media === '(prefers-color-scheme: dark)' ? query : { matches: false })),
  );
  return {
    turn(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

function storeOnDevice(theme: Theme) {
  localStorage.setItem('catamaran:reader-settings', JSON.stringify({ ...DEFAULT_READER_SETTINGS, theme }));
}

const shownTheme = () => document.documentElement.dataset.theme;

/** The modules afresh, as on a new page: theme.ts remembers the choice it read. */
async function loadTheme() {
  vi.resetModules();
  return import('./theme.ts');
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  document.head.innerHTML =
    '<meta name="theme-color" content="#0e7490" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#0d121b" media="(prefers-color-scheme: dark)">';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveTheme', () => {
  it('follows the device for system, and the choice otherwise', async () => {
    const { resolveTheme } = await loadTheme();

    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('sepia', true)).toBe('sepia');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('ThemeSync', () => {
  it('draws a learner who chose nothing in the device’s theme, and follows the device as it changes', async () => {
    const system = fakeSystem(false);
    const { ThemeSync, THEME_COLORS } = await loadTheme();

    const { unmount } = render(<ThemeSync />);
    expect(shownTheme()).toBe('light');

    act(() => system.turn(true));
    expect(shownTheme()).toBe('dark');
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      expect(meta.getAttribute('content')).toBe(THEME_COLORS.dark);
    }
    act(() => system.turn(false));
    expect(shownTheme()).toBe('light');

    unmount();
    expect(system.listenerCount()).toBe(0);
  });

  it('keeps a chosen theme whatever the device says, and takes a new choice at once', async () => {
    const system = fakeSystem(true);
    storeOnDevice('sepia');
    const { ThemeSync } = await loadTheme();
    const { storeSettings } = await import('./readerSettings.ts');

    render(<ThemeSync />);
    expect(shownTheme()).toBe('sepia');
    act(() => system.turn(false));
    expect(shownTheme()).toBe('sepia');

    // What useReaderSettings().change does, signed in or out: the device's copy, and the page with it.
    act(() => storeSettings({ ...DEFAULT_READER_SETTINGS, theme: 'dark' }));
    expect(shownTheme()).toBe('dark');
    act(() => storeSettings({ ...DEFAULT_READER_SETTINGS, theme: 'system' }));
    expect(shownTheme()).toBe('light');
  });

  it('follows a choice made in another tab', async () => {
    fakeSystem(false);
    const { ThemeSync } = await loadTheme();
    render(<ThemeSync />);
    expect(shownTheme()).toBe('light');

    storeOnDevice('dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'catamaran:reader-settings' }));
    });
    expect(shownTheme()).toBe('dark');
  });

  it('leaves <html> and the bar colours alone when they show the theme already', async () => {
    fakeSystem(true);
    const { applyTheme } = await loadTheme();
    applyTheme('dark');
    const changes = new MutationObserver(() => undefined);
    changes.observe(document, { attributes: true, subtree: true });

    applyTheme('dark');
    expect(changes.takeRecords()).toEqual([]);
    applyTheme('sepia');
    expect(changes.takeRecords().length).toBeGreaterThan(0);
    expect(shownTheme()).toBe('sepia');
    changes.disconnect();
  });

  it('reads a copy it cannot understand as system, and a browser without matchMedia as light', async () => {
    localStorage.setItem('catamaran:reader-settings', '{"theme":"neon"');
    const { ThemeSync } = await loadTheme();

    render(<ThemeSync />);
    expect(shownTheme()).toBe('light');
  });
});

describe('web/public/theme.js, the first-paint script', () => {
  const script = readFileSync('web/public/theme.js', 'utf8');
  const run = () => new Function(script)();

  it('puts the stored choice on <html> before the app runs', () => {
    fakeSystem(false);
    storeOnDevice('dark');
    run();
    expect(shownTheme()).toBe('dark');

    storeOnDevice('sepia');
    run();
    expect(shownTheme()).toBe('sepia');
  });

  it('follows the device for system, for nothing stored, and for a copy that is not JSON', () => {
    fakeSystem(true);
    storeOnDevice('system');
    run();
    expect(shownTheme()).toBe('dark');

    localStorage.clear();
    fakeSystem(false);
    run();
    expect(shownTheme()).toBe('light');

    localStorage.setItem('catamaran:reader-settings', 'not json');
    fakeSystem(true);
    run();
    expect(shownTheme()).toBe('dark');
  });

  it('reads the key the app writes the settings under', async () => {
    const { THEME_STORAGE_KEY } = await loadTheme();
    const { SETTINGS_STORAGE_KEY } = await import('./readerSettings.ts');

    expect(THEME_STORAGE_KEY).toBe(SETTINGS_STORAGE_KEY);
    expect(script).toContain(`'${SETTINGS_STORAGE_KEY}'`);
  });
});
