import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './Switch.tsx';

function HideAdultSwitch() {
  const [isOn, setIsOn] = useState(true);
  return (
    <Switch
      label="Hide 18+ Content"
      description="Filter out adult-only stories"
      checked={isOn}
      onCheckedChange={setIsOn}
    />
  );
}

describe('Switch', () => {
  it('is a switch named by its label and described by its text', () => {
    render(<HideAdultSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Hide 18+ Content' });
    const descriptionId = toggle.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(descriptionId)?.textContent).toBe('Filter out adult-only stories');
  });

  it('toggles aria-checked on click and with the keyboard', async () => {
    const user = userEvent.setup();
    render(<HideAdultSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Hide 18+ Content' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('toggles when its label is clicked', async () => {
    const user = userEvent.setup();
    render(<Switch label="Loop" />);
    await user.click(screen.getByText('Loop'));
    expect(screen.getByRole('switch', { name: 'Loop' }).getAttribute('aria-checked')).toBe('true');
  });

  it('says its state in data-state for its colours, and a disabled switch does not toggle', async () => {
    const user = userEvent.setup();
    render(<Switch label="Free" defaultChecked disabled />);
    const toggle = screen.getByRole('switch', { name: 'Free' });
    expect(toggle.getAttribute('data-state')).toBe('checked');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('reports the change without changing a state the caller keeps', async () => {
    const user = userEvent.setup();
    const changes: boolean[] = [];
    render(<Switch label="Word marks" checked={false} onCheckedChange={(on) => changes.push(on)} />);
    const toggle = screen.getByRole('switch', { name: 'Word marks' });
    await user.click(toggle);
    expect(changes).toEqual([true]);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('data-state')).toBe('unchecked');
  });
});
