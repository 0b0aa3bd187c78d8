import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Select } from './Select.tsx';

const LANGUAGES = [
  { value: 'es', label: 'Español (Spanish)' },
  { value: 'fr', label: 'Français (French)' },
  { value: 'de', label: 'Deutsch (German)' },
];

beforeAll(() => {
  // jsdom lacks the pointer-capture and scrolling calls Radix Select makes while open.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

describe('Select', () => {
  it('is a combobox named by its label, showing the placeholder until a choice', () => {
    render(<Select label="Target language" placeholder="Choose a language" options={LANGUAGES} />);
    const trigger = screen.getByRole('combobox', { name: 'Target language' });
    expect(trigger.textContent).toContain('Choose a language');
  });

  it('picks an option with the keyboard and reports it', async () => {
    const user = userEvent.setup();
    const handleValueChange = vi.fn();
    render(
      <Select
        label="Target language"
        placeholder="Choose a language"
        options={LANGUAGES}
        onValueChange={handleValueChange}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Target language' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeDefined();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(handleValueChange).toHaveBeenCalledWith('fr');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('Français (French)');
  });

  it('ties its hint and error to the trigger', () => {
    render(
      <Select
        label="Base language"
        options={[{ value: 'en', label: 'English' }]}
        hint="Only English for now"
        error="Pick one"
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Base language' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    const ids = trigger.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Only English for now',
      'Pick one',
    ]);
  });

  it("shows a chosen option's own trigger label when it has one, and the list's label otherwise", () => {
    const options = [
      { value: 'es', label: 'Español (Spanish)', triggerLabel: 'Español' },
      { value: 'fr', label: 'Français (French)' },
    ];
    const { rerender } = render(<Select label="Target language" options={options} value="es" />);
    const trigger = screen.getByRole('combobox', { name: 'Target language' });
    expect(trigger.textContent).toBe('Español');
    rerender(<Select label="Target language" options={options} value="fr" />);
    expect(trigger.textContent).toBe('Français (French)');
  });
});
