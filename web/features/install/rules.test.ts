import { describe, expect, it } from 'vitest';
import {
  DISMISS_FOR_MS,
  DISMISSED_AT_KEY,
  type DismissalStorage,
  isDismissed,
  isIos,
  isStandalone,
  readDismissedAt,
  SHOW_AFTER_MS,
  shouldShowIosPrompt,
  writeDismissedAt,
} from './rules.ts';

// User agents as the browsers send them, with the platform and touch points they report.
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const OLD_IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1';
// iPadOS 13+ Safari and macOS Safari send the same desktop user agent.
const DESKTOP_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const DAY = 24 * 60 * 60 * 1_000;
const HOUR = 60 * 60 * 1_000;
const NOW = Date.UTC(2025, 5, 15, 12);

describe('isIos', () => {
  it('recognises Safari on an iPhone', () => {
    expect(isIos(IPHONE_SAFARI, 'iPhone', 5)).toBe(true);
  });

  it('recognises another browser on an iPhone, which installs through the same share sheet', () => {
    expect(isIos(IPHONE_CHROME, 'iPhone', 5)).toBe(true);
  });

  it('recognises an iPad that still names itself', () => {
    expect(isIos(OLD_IPAD_SAFARI, 'iPad', 5)).toBe(true);
  });

  it('recognises iPadOS Safari, which passes for a Mac but has a touch screen', () => {
    expect(isIos(DESKTOP_SAFARI, 'MacIntel', 5)).toBe(true);
  });

  it('does not take Safari on a Mac, which has no touch screen, for iOS', () => {
    expect(isIos(DESKTOP_SAFARI, 'MacIntel', 0)).toBe(false);
  });

  it('does not take Chrome on Android or on a Windows touch screen for iOS', () => {
    expect(isIos(ANDROID_CHROME, 'Linux armv81', 5)).toBe(false);
    expect(isIos(WINDOWS_CHROME, 'Win32', 10)).toBe(false);
  });
});

describe('isStandalone', () => {
  it('is true when the display-mode media query matches', () => {
    expect(isStandalone({ matches: true }, undefined)).toBe(true);
  });

  it("is true when Safari's navigator.standalone is true", () => {
    expect(isStandalone({ matches: false }, true)).toBe(true);
    expect(isStandalone(null, true)).toBe(true);
  });

  it('is false in a browser tab', () => {
    expect(isStandalone({ matches: false }, false)).toBe(false);
    expect(isStandalone({ matches: false }, undefined)).toBe(false);
    expect(isStandalone(undefined, undefined)).toBe(false);
  });

  it('is false for a navigator.standalone that is merely truthy', () => {
    expect(isStandalone(null, 'yes')).toBe(false);
  });
});

describe('shouldShowIosPrompt', () => {
  const ios = { isIos: true, isStandalone: false, dismissedAt: null, now: NOW };

  it('waits 3 seconds and keeps a dismissal 7 days', () => {
    expect(SHOW_AFTER_MS).toBe(3_000);
    expect(DISMISS_FOR_MS).toBe(7 * DAY);
  });

  it('shows on iOS in the browser when never dismissed', () => {
    expect(shouldShowIosPrompt(ios)).toBe(true);
  });

  it('does not show on other devices', () => {
    expect(shouldShowIosPrompt({ ...ios, isIos: false })).toBe(false);
  });

  it('does not show in the installed app', () => {
    expect(shouldShowIosPrompt({ ...ios, isStandalone: true })).toBe(false);
  });

  it('stays hidden 6 days 23 hours after a dismissal', () => {
    expect(shouldShowIosPrompt({ ...ios, dismissedAt: NOW - (7 * DAY - HOUR) })).toBe(false);
  });

  it('shows again 7 days after a dismissal', () => {
    expect(shouldShowIosPrompt({ ...ios, dismissedAt: NOW - 7 * DAY })).toBe(true);
    expect(shouldShowIosPrompt({ ...ios, dismissedAt: NOW - 30 * DAY })).toBe(true);
  });

  it('keeps a dismissal a little in the future hidden, after the clock is moved back', () => {
    expect(shouldShowIosPrompt({ ...ios, dismissedAt: NOW + HOUR })).toBe(false);
  });

  it('does not let a dismissal far in the future hide the prompt for good', () => {
    expect(shouldShowIosPrompt({ ...ios, dismissedAt: NOW + 365 * DAY })).toBe(true);
  });
});

describe('isDismissed', () => {
  it('is false when there was no dismissal', () => {
    expect(isDismissed(null, NOW)).toBe(false);
  });
});

function memoryStorage(
  initial: Record<string, string> = {},
): DismissalStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

const blocked = (): DismissalStorage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('readDismissedAt and writeDismissedAt', () => {
  it('read back the time written', () => {
    const storage = memoryStorage();
    writeDismissedAt(NOW, () => storage);
    expect(storage.items.get(DISMISSED_AT_KEY)).toBe(String(NOW));
    expect(readDismissedAt(() => storage)).toBe(NOW);
  });

  it('read nothing when nothing was written', () => {
    expect(readDismissedAt(() => memoryStorage())).toBeNull();
  });

  it.each(['junk', '', ' ', '-5', '0', '1.5e12', 'NaN', 'Infinity', '{"at":1}', '9'.repeat(400)])(
    'read a stored %j as no dismissal, so the prompt shows',
    (value) => {
      const dismissedAt = readDismissedAt(() => memoryStorage({ [DISMISSED_AT_KEY]: value }));
      expect(dismissedAt).toBeNull();
      expect(shouldShowIosPrompt({ isIos: true, isStandalone: false, dismissedAt, now: NOW })).toBe(true);
    },
  );

  it('read no dismissal and write nothing, without throwing, when storage is blocked', () => {
    expect(readDismissedAt(blocked)).toBeNull();
    expect(() => writeDismissedAt(NOW, blocked)).not.toThrow();
  });

  it('survive getItem and setItem throwing (storage full or disabled)', () => {
    const failing: DismissalStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    expect(readDismissedAt(() => failing)).toBeNull();
    expect(() => writeDismissedAt(NOW, () => failing)).not.toThrow();
  });

  it("use the browser's localStorage by default", () => {
    window.localStorage.removeItem(DISMISSED_AT_KEY);
    writeDismissedAt(NOW);
    expect(window.localStorage.getItem(DISMISSED_AT_KEY)).toBe(String(NOW));
    expect(readDismissedAt()).toBe(NOW);
    window.localStorage.removeItem(DISMISSED_AT_KEY);
  });
});
