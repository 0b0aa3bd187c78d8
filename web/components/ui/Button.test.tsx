import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from './Button.tsx';

describe('Button', () => {
  it('is a plain button that does not submit forms unless asked to', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.type).toBe('button');
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('is disabled, busy and shows a spinner while loading, and ignores clicks', async () => {
    const user = userEvent.setup();
    const handleClick = vi.fn();
    render(
      <Button loading onClick={handleClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    // The spinner is decorative inside a button: the button's name stays its label.
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(button);
    expect(handleClick).not.toHaveBeenCalled();
  });

  it('renders its child with the button look when asChild is set', () => {
    render(
      <Button asChild variant="outline" size="lg">
        <a href="/signup">Get Started</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link.getAttribute('href')).toBe('/signup');
    expect(link.className).toContain('min-h-12');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives primary and medium controls a touch target of at least 44 px', () => {
    expect(buttonClassName()).toContain('min-h-11');
    expect(buttonClassName({ size: 'lg' })).toContain('min-h-12');
  });
});
