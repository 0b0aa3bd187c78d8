import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge.tsx';

describe('Badge', () => {
  it('shows its text in the chosen colour', () => {
    render(<Badge variant="purple">Expert</Badge>);
    expect(screen.getByText('Expert').className).toContain('bg-purple-50');
  });

  it('is neutral by default', () => {
    render(<Badge>Free</Badge>);
    expect(screen.getByText('Free').className).toContain('bg-slate-100');
  });
});
