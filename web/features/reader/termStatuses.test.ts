import { describe, expect, it, vi } from 'vitest';
import { TermStatuses } from './termStatuses.ts';
import { chapterHtml } from './text.ts';

describe('TermStatuses', () => {
  it("gives a word its chapter's term, else its own key, and the learner's status of it", () => {
    const statuses = new TermStatuses('es', { habló: 'hablar' }, { hablar: 'learning-2', casa: 'known' });

    expect(statuses.termOf('Habló')).toBe('hablar');
    expect(statuses.termOf('«Casa»')).toBe('casa');
    expect(statuses.statusOf('hablar')).toBe('learning-2');
    expect(statuses.statusOf('perro')).toBeUndefined();
  });

  it('tells its listeners of a change, once, and not of a status set again', () => {
    const statuses = new TermStatuses('es', {}, {});
    const listener = vi.fn();
    const unsubscribe = statuses.subscribe(listener);

    statuses.set('casa', 'known');
    statuses.set('casa', 'known');
    statuses.set('casa', undefined);
    unsubscribe();
    statuses.set('perro', 'learning-1');

    expect(listener.mock.calls).toEqual([['casa'], ['casa']]);
    expect(statuses.statusOf('casa')).toBeUndefined();
  });
});

describe('chapterHtml with statuses', () => {
  it("writes each word's status on its span, an inflected word taking its lemma's, a new word none", () => {
    const statuses = new TermStatuses('es', { habló: 'hablar' }, { hablar: 'learning-1', casa: 'known' });

    expect(chapterHtml('Habló en casa.', 'es', undefined, { statuses })).toBe(
      '<p><span data-w data-s="1">Habló</span> <span data-w>en</span> <span data-w data-s="k">casa</span>.</p>',
    );
  });
});
