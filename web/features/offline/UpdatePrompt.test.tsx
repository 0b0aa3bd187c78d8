// 'A new version is ready' (issue 24): the service worker registered after load, a waiting worker announced,
// and Reload asks it to take over and reloads the page once it has; an open page asks for new versions itself.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const workbox = vi.hoisted(() => {
  type Listener = (event: object) => void;
  const listeners = new Map<string, Listener[]>();
  return {
    listeners,
    registered: [] as string[],
    skipped: 0,
    updates: 0,
    emit(name: string, event: object = {}) {
      for (const listener of listeners.get(name) ?? []) listener(event);
    },
  };
});

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      workbox.registered.push(url);
    }
    addEventListener(name: string, listener: (event: object) => void) {
      workbox.listeners.set(name, [...(workbox.listeners.get(name) ?? []), listener]);
    }
    register() {
      return Promise.resolve({});
    }
    update() {
      workbox.updates += 1;
      return Promise.resolve();
    }
    messageSkipWaiting() {
      workbox.skipped += 1;
    }
  },
}));

const { UPDATE_CHECK, UpdatePrompt } = await import('./UpdatePrompt.tsx');

beforeEach(() => {
  workbox.listeners.clear();
  workbox.registered.length = 0;
  workbox.skipped = 0;
  workbox.updates = 0;
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it('registers the worker, says nothing until a new version waits, then offers Reload', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    render(<UpdatePrompt />);
    await vi.waitFor(() => expect(workbox.registered).toEqual(['/sw.js']));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => workbox.emit('waiting', { sw: { state: 'installed' } }));
    expect(screen.getByRole('status').textContent).toContain('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.skipped).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    act(() => workbox.emit('controlling'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('reloads at once when Reload in another tab has let the new version take over already', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    render(<UpdatePrompt />);
    await vi.waitFor(() => expect(workbox.registered).toEqual(['/sw.js']));
    act(() => workbox.emit('waiting', { sw: { state: 'activated' } }));

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.skipped).toBe(0);
  });

  it('asks for a new version while the page stays open: hourly, when shown again, when back online', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { unmount } = render(<UpdatePrompt />);
    await vi.waitFor(() => expect(workbox.registered).toEqual(['/sw.js']));
    expect(workbox.updates).toBe(0);

    window.dispatchEvent(new Event('online'));
    expect(workbox.updates).toBe(1);
    // Back to the tab within a minute of the last check: not again.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.updates).toBe(1);
    vi.advanceTimersByTime(UPDATE_CHECK.atMostEveryMs);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.updates).toBe(2);
    vi.advanceTimersByTime(UPDATE_CHECK.everyMs);
    expect(workbox.updates).toBe(3);

    // Hidden, it waits until it is shown again.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.advanceTimersByTime(UPDATE_CHECK.everyMs);
    expect(workbox.updates).toBe(3);
    vi.restoreAllMocks();

    unmount();
    vi.advanceTimersByTime(UPDATE_CHECK.everyMs);
    window.dispatchEvent(new Event('online'));
    expect(workbox.updates).toBe(3);
  });

  it('registers nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    render(<UpdatePrompt />);
    await Promise.resolve();
    expect(workbox.registered).toEqual([]);
  });

  it('on a page the server drew, registers only once its hydration has gone quiet', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { holdUntilHydrated } = await import('#web/lib/afterHydration.ts');
    holdUntilHydrated();
    render(<UpdatePrompt />);
    // Registered at once, or an idle moment asked for and the registration waiting for it.
    await vi.waitFor(() => expect(workbox.registered.length + idle.length).toBeGreaterThan(0));
    expect(workbox.registered).toEqual([]);

    for (const callback of idle.splice(0)) callback();
    await vi.waitFor(() => expect(workbox.registered).toEqual(['/sw.js']));
    vi.unstubAllGlobals();
  });
});
