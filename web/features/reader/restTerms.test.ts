import { describe, expect, it } from 'vitest';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { newTermsOf } from './restTerms.ts';
import { TermStatuses } from './termStatuses.ts';

const chapter = {
  content: 'La gata mira la luna. ¡Las gatas miran!',
  story: { language: { code: 'es' } },
} as ReaderChapter;

describe('newTermsOf', () => {
  it('lists each term of the chapter the learner has no status of, once, by its dictionary form', () => {
    const statuses = new TermStatuses(
      'es',
      { gatas: 'gato', gata: 'gato', miran: 'mirar', mira: 'mirar' },
      {
        gato: 'learning-1',
        la: 'known',
      },
    );
    expect(newTermsOf(chapter, statuses)).toEqual(['las', 'luna', 'mirar']);
  });

  it('lists nothing once every term has a status', () => {
    const statuses = new TermStatuses('es', {}, {});
    for (const term of newTermsOf(chapter, statuses)) statuses.set(term, 'known');
    expect(newTermsOf(chapter, statuses)).toEqual([]);
  });
});
