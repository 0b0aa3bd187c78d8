import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallPromptMount } from './InstallPromptMount.tsx';
import { DISMISS_FOR_MS, DISMISSED_AT_KEY, SHOW_AFTER_MS } from './rules.ts';
// Loaded ahead, so the mount's lazy import() of it settles at once instead of on module-loading I/O.
import './InstallPrompt.tsx';

const NOW = Date.UTC(2025, 5, 15, 12);
const IPHONE = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
};
const ANDROID = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  platform: 'Linux armv81',
  maxTouchPoints: 5,
};

// jsdom's navigator passes for a Linux desktop: each test gives it the device's own properties and takes them
// away again, which uncovers jsdom's getters.
const stubbed: { target: object; key: string }[] = [];
function stub(target: object, properties: Record<string, unknown>) {
  for (const [key, value] of Object.entries(properties)) {
    Object.defineProperty(target, key, { value, configurable: true });
    stubbed.push({ target, key });
  }
}

/** A `beforeinstallprompt` event whose dialog the learner answers when the test calls `answer`. */
function fakeInstallEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  let resolve: (choice: { outcome: string; platform: string }) => void = () => {};
  const userChoice = new Promise((settle) => {
    resolve = settle;
  });
  Object.assign(event, { prompt, userChoice });
  const answer = async (outcome: 'accepted' | 'dismissed') => {
    resolve({ outcome, platform: 'web' });
    await wait(0);
  };
  return { event, prompt, answer };
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const banner = () => screen.queryByRole('region', { name: 'Install Catamaran' });

/**
 * The banner, once it shows. React reveals a lazily loaded component on a timer of its own (it throttles
 * Suspense reveals), which the fake clock must pass too. Testing Library's findBy… and user-event wait on a
 * setTimeout that the fake clock holds, hence this loop and fireEvent.
 */
async function findBanner(): Promise<HTMLElement> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await wait(100);
    const found = banner();
    if (found) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('The install banner did not show.');
}

describe('InstallPromptMount', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    window.localStorage.clear();
  });

  afterEach(() => {
    for (const { target, key } of stubbed.splice(0)) Reflect.deleteProperty(target, key);
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('shows iPhone users how to add the app to the home screen, 3 seconds after load', async () => {
    stub(navigator, IPHONE);
    render(<InstallPromptMount />);

    await wait(SHOW_AFTER_MS - 1);
    expect(banner()).toBeNull();
    await wait(1);

    const region = await findBanner();
    expect(screen.getByRole('heading', { name: 'Install Catamaran' })).toBeTruthy();
    expect(region.textContent).toMatch(/Tap the share icon.*, then 'Add to Home Screen'\./);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('stores the time of a dismissal and stays away for 7 days', async () => {
    stub(navigator, IPHONE);
    const first = render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS);
    await findBanner();
    const dismissedAt = Date.now();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(DISMISSED_AT_KEY)).toBe(String(dismissedAt));

    first.unmount();
    vi.setSystemTime(dismissedAt + DISMISS_FOR_MS - 60 * 60_000 - SHOW_AFTER_MS);
    const second = render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS * 2);
    expect(banner()).toBeNull();

    second.unmount();
    vi.setSystemTime(dismissedAt + DISMISS_FOR_MS);
    render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS);
    expect(await findBanner()).toBeTruthy();
  });

  it('shows despite a stored dismissal time that is junk', async () => {
    stub(navigator, IPHONE);
    window.localStorage.setItem(DISMISSED_AT_KEY, 'not a time');
    render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS);
    expect(await findBanner()).toBeTruthy();
  });

  it('does not show in the app opened from the home screen', async () => {
    stub(navigator, { ...IPHONE, standalone: true });
    render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS * 2);
    expect(banner()).toBeNull();
  });

  it('does not show where the display mode is standalone', async () => {
    stub(navigator, IPHONE);
    stub(window, { matchMedia: (query: string) => ({ matches: query === '(display-mode: standalone)' }) });
    render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS * 2);
    expect(banner()).toBeNull();
  });

  it('does not show on a browser that is neither iOS nor offers to install', async () => {
    stub(navigator, ANDROID);
    render(<InstallPromptMount />);
    await wait(SHOW_AFTER_MS * 2);
    expect(banner()).toBeNull();
  });

  it("offers the browser's own install dialog where the browser fires beforeinstallprompt", async () => {
    stub(navigator, ANDROID);
    const { event, prompt, answer } = fakeInstallEvent();
    render(<InstallPromptMount />);

    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(banner()).toBeNull();
    await wait(SHOW_AFTER_MS);

    const region = await findBanner();
    expect(region.textContent).not.toMatch(/Add to Home Screen/);
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await wait(0);

    expect(prompt).toHaveBeenCalledTimes(1);
    // The banner waits for the learner's answer, its button disabled so the spent event is not prompted again.
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Install' }).hasAttribute('disabled')).toBe(true);

    await answer('accepted');

    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(DISMISSED_AT_KEY)).toBeNull();
  });

  it('counts declining the install dialog as a dismissal', async () => {
    stub(navigator, ANDROID);
    const { event, prompt, answer } = fakeInstallEvent();
    render(<InstallPromptMount />);
    act(() => {
      window.dispatchEvent(event);
    });
    await wait(SHOW_AFTER_MS);
    await findBanner();

    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    const declinedAt = Date.now();
    await answer('dismissed');

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(DISMISSED_AT_KEY)).toBe(String(declinedAt));
  });

  it('goes once the app is installed', async () => {
    stub(navigator, ANDROID);
    const { event } = fakeInstallEvent();
    render(<InstallPromptMount />);
    act(() => {
      window.dispatchEvent(event);
    });
    await wait(SHOW_AFTER_MS);
    await findBanner();

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });

    expect(banner()).toBeNull();
  });

  it('does not ask where it was dismissed lately, even when the browser offers to install', async () => {
    stub(navigator, ANDROID);
    window.localStorage.setItem(DISMISSED_AT_KEY, String(NOW - 60_000));
    const { event } = fakeInstallEvent();
    render(<InstallPromptMount />);
    act(() => {
      window.dispatchEvent(event);
    });
    await wait(SHOW_AFTER_MS * 2);
    expect(banner()).toBeNull();
  });
});
