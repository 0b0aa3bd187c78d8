import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner.tsx';

describe('Spinner', () => {
  it('is a status region that says what is loading', () => {
    render(<Spinner label="Loading your account..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
  });

  it('says Loading when not told more', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('can show its label beside the spinner', () => {
    render(<Spinner label="Loading calendar..." showLabel />);
    expect(screen.getByText('Loading calendar...').className).not.toContain('sr-only');
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
