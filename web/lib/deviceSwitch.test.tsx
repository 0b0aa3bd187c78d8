import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from '#web/components/ui/Switch.tsx';
import { useDeviceSwitch } from './deviceSwitch.ts';

const KEY = 'catamaran-test-switch';

/** A switch and a text that carries the choice as an attribute, as the reader's text carries its marks. */
function Marks() {
  const [on, setOn] = useDeviceSwitch(KEY);
  return (
    <div>
      <Switch label="Word marks" checked={on} onCheckedChange={setOn} />
      <p data-testid="text" data-marks={on ? '' : undefined}>
        Cada noche
      </p>
    </div>
  );
}

/** Whether a switch reads as on, as a screen reader announces it. */
const checked = (element: HTMLElement): boolean => element.getAttribute('aria-checked') === 'true';

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('useDeviceSwitch', () => {
  it('is on until the learner turns it off, and keeps the choice on the device', async () => {
    const first = render(<Marks />);
    const marks = screen.getByRole('switch', { name: 'Word marks' });
    expect(checked(marks)).toBe(true);
    await userEvent.click(marks);
    expect(checked(marks)).toBe(false);
    expect(screen.getByTestId('text').hasAttribute('data-marks')).toBe(false);
    expect(localStorage.getItem(KEY)).toBe('off');
    first.unmount();

    render(<Marks />);
    expect(checked(screen.getByRole('switch', { name: 'Word marks' }))).toBe(false);
  });

  it('draws the stored choice over a page the server drew with the default, attributes included', async () => {
    // The server has no storage: it draws the default, on.
    const html = renderToString(<Marks />);
    expect(html).toContain('data-marks');
    localStorage.setItem(KEY, 'off');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();

    await act(async () => {
      hydrateRoot(container, <Marks />, { onRecoverableError: recoverable });
    });

    // Reading the storage in hydration's render left data-marks and aria-checked as the server drew them.
    expect(screen.getByTestId('text').hasAttribute('data-marks')).toBe(false);
    expect(checked(screen.getByRole('switch', { name: 'Word marks' }))).toBe(false);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('follows a change made in another tab', async () => {
    render(<Marks />);
    localStorage.setItem(KEY, 'off');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'off' }));
    });
    expect(checked(screen.getByRole('switch', { name: 'Word marks' }))).toBe(false);
  });

  it('holds the choice for the page when the browser refuses to store it', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    render(<Marks />);
    const marks = screen.getByRole('switch', { name: 'Word marks' });
    await userEvent.click(marks);
    expect(checked(marks)).toBe(false);
    await userEvent.click(marks);
    expect(checked(marks)).toBe(true);
  });
});
