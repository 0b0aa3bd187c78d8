// 'A new version is ready' (issue 24): the service worker registered after load, a waiting worker announced,
// and Reload asks it to take over and reloads the page once it has.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const workbox = vi.hoisted(() => {
  type Listener = () => void;
  const listeners = new Map<string, Listener[]>();
  return {
    listeners,
    registered: [] as string[],
    skipped: 0,
    emit(name: string) {
      for (const listener of listeners.get(name) ?? []) listener();
    },
  };
});

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      workbox.registered.push(url);
    }
    addEventListener(name: string, listener: () => void) {
      workbox.listeners.set(name, [...(workbox.listeners.get(name) ?? []), listener]);
    }
    register() {
      return Promise.resolve();
    }
    messageSkipWaiting() {
      workbox.skipped += 1;
    }
  },
}));

const { UpdatePrompt } = await import('./UpdatePrompt.tsx');

beforeEach(() => {
  workbox.listeners.clear();
  workbox.registered.length = 0;
  workbox.skipped = 0;
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it('registers the worker, says nothing until a new version waits, then offers Reload', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    render(<UpdatePrompt />);
    await vi.waitFor(() => expect(workbox.registered).toEqual(['/sw.js']));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => workbox.emit('waiting'));
    expect(screen.getByRole('status').textContent).toContain('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.skipped).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    act(() => workbox.emit('controlling'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('registers nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    render(<UpdatePrompt />);
    await Promise.resolve();
    expect(workbox.registered).toEqual([]);
  });
});
