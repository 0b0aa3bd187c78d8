import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DisclosureButton } from './DisclosureButton.tsx';

function Disclosure() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <DisclosureButton isOpen={isOpen} onToggle={() => setIsOpen((open) => !open)} controls="details">
        Details
      </DisclosureButton>
      <div id="details" hidden={!isOpen}>
        The hidden text
      </div>
    </>
  );
}

describe('DisclosureButton', () => {
  it('shows and hides what it controls, saying which state it is in', async () => {
    const user = userEvent.setup();
    render(<Disclosure />);
    const button = screen.getByRole('button', { name: 'Details' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('details');
    const details = screen.getByText('The hidden text');
    expect(details.hidden).toBe(true);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(details.hidden).toBe(false);

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(details.hidden).toBe(true);
  });
});
