import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Picker, type PickerOption } from './Picker.tsx';

const LANGUAGES: PickerOption[] = [
  { value: 'es', label: 'Español (Spanish)', triggerLabel: 'Español' },
  { value: 'fr', label: 'Français (French)' },
  { value: 'de', label: 'Deutsch (German)', disabled: true },
  { value: 'it', label: 'Italiano (Italian)' },
];

function LanguagePicker({
  onChange = () => {},
  initial,
}: {
  onChange?: (value: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Picker
        label="Language to learn"
        hideLabel
        placeholder="Choose a language"
        options={LANGUAGES}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('Picker', () => {
  it('is a closed combobox named by its label, showing the placeholder until a choice', () => {
    render(<LanguagePicker />);
    const trigger = screen.getByRole('combobox', { name: 'Language to learn' });
    expect(trigger.textContent).toBe('Choose a language');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.hasAttribute('data-placeholder')).toBe(true);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the chosen option by its short label, and marks it selected in the open list', async () => {
    const user = userEvent.setup();
    render(<LanguagePicker initial="es" />);
    const trigger = screen.getByRole('combobox', { name: 'Language to learn' });
    expect(trigger.textContent).toBe('Español');
    await user.click(trigger);
    const list = screen.getByRole('listbox', { name: 'Language to learn' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(list.id);
    expect(document.activeElement).toBe(list);
    const spanish = screen.getByRole('option', { name: 'Español (Spanish)' });
    expect(spanish.getAttribute('aria-selected')).toBe('true');
    expect(list.getAttribute('aria-activedescendant')).toBe(spanish.id);
    expect(screen.getByRole('option', { name: 'Français (French)' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });

  it('chooses with the pointer, reports the choice and closes, focus back on the button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguagePicker onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language to learn' });
    await user.click(trigger);
    const french = screen.getByRole('option', { name: 'Français (French)' });
    await user.hover(french);
    expect(french.hasAttribute('data-highlighted')).toBe(true);
    expect(screen.getByRole('listbox').getAttribute('aria-activedescendant')).toBe(french.id);
    await user.click(french);
    expect(onChange).toHaveBeenCalledWith('fr');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toBe('Français (French)');
    expect(document.activeElement).toBe(trigger);
  });

  it('opens with the keyboard and moves past a disabled option; Enter chooses', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguagePicker onChange={onChange} initial="fr" />);
    screen.getByRole('combobox', { name: 'Language to learn' }).focus();
    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox');
    const active = () =>
      document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Français (French)');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Italiano (Italian)');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Italiano (Italian)');
    await user.keyboard('{Home}');
    expect(active()).toBe('Español (Spanish)');
    await user.keyboard('{End}{ArrowUp}');
    expect(active()).toBe('Français (French)');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('es');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens with Enter or Space, finds a name by its letters, and chooses with Space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguagePicker onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language to learn' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('listbox');
    const active = () =>
      document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    await user.keyboard('it');
    expect(active()).toBe('Italiano (Italian)');
    // A space right after typed letters is part of a name, not a choice.
    await user.keyboard(' ');
    expect(screen.getByRole('listbox')).toBe(list);
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('fr');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes without a choice on Escape, on Tab and on a press elsewhere', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguagePicker onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language to learn' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not report the option already chosen, nor a disabled one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LanguagePicker onChange={onChange} initial="es" />);
    const trigger = screen.getByRole('combobox', { name: 'Language to learn' });
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: 'Deutsch (German)' }));
    expect(screen.getByRole('listbox')).toBeDefined();
    await user.click(screen.getByRole('option', { name: 'Español (Spanish)' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
