// Only a long chapter lets its paragraphs off screen skip layout (styles.css `.reader-text[data-long] p`): a short
// one renders whole, so nothing below it moves once its paragraphs are laid out (Lighthouse's layout shift).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChapterText, LONG_CHAPTER_CHARACTERS } from './ChapterText.tsx';

afterEach(cleanup);

const paragraphs = (characters: number) => {
  const paragraph = 'La gata mira la luna desde el tejado de la casa blanca. ';
  return Array.from({ length: Math.ceil(characters / paragraph.length) }, () => paragraph).join('\n\n');
};

describe('a long chapter', () => {
  it('is marked long past the threshold, and a short one is not', () => {
    const short = render(<ChapterText content={paragraphs(800)} language="es" onWord={vi.fn()} />);
    expect(short.getByRole('group', { name: 'Chapter text' }).hasAttribute('data-long')).toBe(false);
    cleanup();

    const long = render(
      <ChapterText content={paragraphs(LONG_CHAPTER_CHARACTERS + 100)} language="es" onWord={vi.fn()} />,
    );
    expect(long.getByRole('group', { name: 'Chapter text' }).hasAttribute('data-long')).toBe(true);
  });
});
