import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampPercent, ProgressBar } from './ProgressBar.tsx';

describe('ProgressBar', () => {
  it('reports its value between 0 and 100', () => {
    render(<ProgressBar value={42} label="Chapter progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Chapter progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('42%');
  });

  it('clamps values above 100 and below 0', () => {
    const { rerender } = render(<ProgressBar value={150} label="Daily goal" />);
    const bar = screen.getByRole('progressbar', { name: 'Daily goal' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    rerender(<ProgressBar value={-20} label="Daily goal" />);
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('0%');
  });

  it('treats a value that is not a number as 0', () => {
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(Number.POSITIVE_INFINITY)).toBe(0);
    expect(clampPercent(99.5)).toBe(99.5);
  });

  it('paints the chosen tone', () => {
    render(<ProgressBar value={100} tone="green" label="Daily goal" />);
    const indicator = screen.getByRole('progressbar').firstElementChild as HTMLElement;
    expect(indicator.className).toContain('bg-green-600');
  });
});
