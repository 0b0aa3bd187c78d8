import { describe, expect, it } from 'vitest';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import { chapterLookups, lookupKey } from './lookupPairs.ts';

function chapter(content: string, code: string, words?: ReaderChapter['words']): ReaderChapter {
  return {
    id: 1,
    chapter_number: 1,
    title: 'Uno',
    content,
    order_index: 0,
    word_count: 0,
    audio_url: null,
    is_completed: false,
    ...(words ? { words } : {}),
    story: {
      id: 1,
      title: 'Cuento',
      language: { id: 1, code, name: code, native_name: code },
      chapters: [],
      next_chapter: null,
    },
  } as ReaderChapter;
}

describe('chapterLookups', () => {
  it('asks once for each word as a tap sends it: punctuation stripped, case and accents kept', () => {
    const pairs = chapterLookups(chapter('¿Dónde está la gata? ¡La gata está aquí! «Gata»', 'es'));
    expect([...pairs.values()]).toEqual([
      { surface: 'Dónde' },
      { surface: 'está' },
      { surface: 'la' },
      { surface: 'gata' },
      { surface: 'La' },
      { surface: 'aquí' },
      { surface: 'Gata' },
    ]);
  });

  it('reads HTML chapters and the words an author marked as one', () => {
    const pairs = chapterLookups(chapter('<p>Vivo en <span data-w>Buenos Aires</span>.</p>', 'es'));
    expect([...pairs.keys()]).toEqual(['Vivo', 'en', 'Buenos Aires']);
  });

  it('asks for the dictionary form first where the analysis found another word, as the reader does', () => {
    const words = [{ text: '猫', lemma: '猫' }, { text: 'が' }, { text: '食べました', lemma: '食べる' }];
    const pairs = chapterLookups(chapter('猫が食べました。', 'ja', words));
    expect([...pairs.values()]).toEqual([
      { surface: '猫' },
      { surface: 'が' },
      { surface: '食べました', lemma: '食べる' },
    ]);
    expect(pairs.has(lookupKey('食べました', '食べる'))).toBe(true);
  });

  it('gathers a whole story into one set, each pair once', () => {
    const pairs = chapterLookups(chapter('la gata', 'es'));
    chapterLookups(chapter('La gata y la luna', 'es'), pairs);
    expect([...pairs.keys()]).toEqual(['la', 'gata', 'La', 'y', 'luna']);
  });
});
