import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KnownShare } from './KnownShare.tsx';

describe('KnownShare', () => {
  it('shows the share and the new words, and says them in one sentence to a screen reader', () => {
    render(<KnownShare comprehension={{ known_percent: 94, new_words: 37 }} of="story" />);
    expect(screen.getByText('You know 94 %').textContent).toBe('You know 94 %');
    expect(screen.getByText("You know 94 % of this story's words; 37 are new").textContent).toBeTruthy();
  });

  it('counts one new word in the singular', () => {
    render(<KnownShare comprehension={{ known_percent: 99, new_words: 1 }} of="chapter" />);
    expect(screen.getByText("You know 99 % of this chapter's words; 1 is new").textContent).toBeTruthy();
  });

  it('shows nothing below the threshold', () => {
    const { container } = render(<KnownShare comprehension={null} of="story" />);
    expect(container.innerHTML).toBe('');
  });
});
