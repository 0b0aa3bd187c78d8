// The browser's sentences must be the server's (server/analysis/sentences.unit.test.ts holds the same cases):
// the device's voice highlights them by the same word indices as a recording's timings.
import { describe, expect, it } from 'vitest';
import { readerSentences } from './readerSentences.ts';

describe('readerSentences, as the server cuts them', () => {
  it("cuts an HTML chapter's paragraphs into sentences, a word the author marked counting once", () => {
    const content =
      '<p>Llegó a <span data-w data-l="Buenos Aires">Buenos Aires</span> de noche. ¿Quién lo esperaba?</p>' +
      '<p>Nadie<br>Nunca.</p>';
    expect(readerSentences(content, 'es')).toEqual([
      { firstWord: 0, lastWord: 4, text: 'Llegó a Buenos Aires de noche.' },
      { firstWord: 5, lastWord: 7, text: '¿Quién lo esperaba?' },
      { firstWord: 8, lastWord: 8, text: 'Nadie' },
      { firstWord: 9, lastWord: 9, text: 'Nunca.' },
    ]);
  });

  it('cuts plain text on its lines', () => {
    expect(readerSentences('Uno dos. Tres.\n\nCuatro', 'es').map((sentence) => sentence.text)).toEqual([
      'Uno dos.',
      'Tres.',
      'Cuatro',
    ]);
  });

  it("counts a Japanese chapter's words as the analyser stored them, not as ICU would cut them", () => {
    const words = ['彼', 'は', '食べさせられた', '明日', '来る'].map((text) => ({ text }));
    expect(readerSentences('<p>彼は食べさせられた。明日来る。</p>', 'ja', words)).toEqual([
      { firstWord: 0, lastWord: 2, text: '彼は食べさせられた。' },
      { firstWord: 3, lastWord: 4, text: '明日来る。' },
    ]);
  });
});
