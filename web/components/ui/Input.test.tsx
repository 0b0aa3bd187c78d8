import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from './Input.tsx';

describe('Input', () => {
  it('is named by its label', () => {
    render(<Input label="Email Address" type="email" />);
    const input = screen.getByLabelText<HTMLInputElement>('Email Address');
    expect(input.type).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('ties its hint and error to the field and marks it invalid', () => {
    render(
      <Input
        label="Daily goal"
        hint="Recommended: 15-60 minutes per day"
        error="Goal must be between 1 and 300 minutes"
      />,
    );
    const input = screen.getByLabelText('Daily goal');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const descriptions = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toEqual([
      'Recommended: 15-60 minutes per day',
      'Goal must be between 1 and 300 minutes',
    ]);
  });

  it('keeps a hidden label as the accessible name', () => {
    render(<Input label="Search stories" hideLabel placeholder="Search stories..." />);
    expect(screen.getByRole('textbox', { name: 'Search stories' })).toBeDefined();
  });
});
