import { describe, expect, it } from 'vitest';
import { sentenceEnds, sentencesOf } from './sentences.ts';
import { splitWords } from './words.ts';

/** The sentences' texts and word ranges of a text cut by the reader's own word rules. */
function cut(text: string, language: string) {
  return sentencesOf(splitWords(text, language), language);
}
const texts = (text: string, language: string) => cut(text, language).map((sentence) => sentence.text);

describe('sentencesOf', () => {
  it('cuts at full stops, questions and exclamations, opening marks included, with word ranges', () => {
    expect(cut('Hola, amigo. ¿Vienes hoy? ¡Sí!', 'es')).toEqual([
      { firstWord: 0, lastWord: 1, text: 'Hola, amigo.' },
      { firstWord: 2, lastWord: 3, text: '¿Vienes hoy?' },
      { firstWord: 4, lastWord: 4, text: '¡Sí!' },
    ]);
  });

  it('never runs a sentence across a line break, with or without a stop', () => {
    expect(texts('Primera línea sin punto\nSegunda. Tercera\n\nCuarta', 'es')).toEqual([
      'Primera línea sin punto',
      'Segunda.',
      'Tercera',
      'Cuarta',
    ]);
  });

  it('does not end a sentence at a title or an initial', () => {
    expect(texts('El Sr. García llegó tarde. La Dra. Ruiz no.', 'es')).toEqual([
      'El Sr. García llegó tarde.',
      'La Dra. Ruiz no.',
    ]);
    expect(texts('Mr. Smith met J. K. Rowling. Then he left.', 'en')).toEqual([
      'Mr. Smith met J. K. Rowling.',
      'Then he left.',
    ]);
    expect(texts('Es kam z.B. Herr Meier. Dann ging er.', 'de')).toEqual([
      'Es kam z.B. Herr Meier.',
      'Dann ging er.',
    ]);
  });

  it('still ends one at an ordinary word before the stop', () => {
    expect(texts('Vino el doctor. Se fue.', 'es')).toEqual(['Vino el doctor.', 'Se fue.']);
  });

  it('gives an opening quote left at a sentence end to the next sentence (Japanese 「 after ！)', () => {
    const words = [
      { text: '明日', word: true },
      { text: 'は', word: true },
      { text: '雨', word: true },
      { text: '！「', word: false },
      { text: 'そう', word: true },
      { text: 'です', word: true },
      { text: 'か', word: true },
      { text: '」と', word: false },
      { text: '言った', word: true },
      { text: '。', word: false },
    ];
    expect(sentencesOf(words, 'ja')).toEqual([
      { firstWord: 0, lastWord: 2, text: '明日は雨！' },
      { firstWord: 3, lastWord: 6, text: '「そうですか」と言った。' },
    ]);
  });

  it('answers no sentence for a stretch without words, and none for an empty text', () => {
    expect(texts('Uno. … Dos.', 'es')).toEqual(['Uno.', '… Dos.']);
    expect(cut('', 'es')).toEqual([]);
    expect(cut('…\n¡!', 'es')).toEqual([]);
  });

  it('counts words across sentences in reading order, each once', () => {
    const sentences = cut('Uno dos. Tres cuatro cinco. Seis.', 'es');
    expect(sentences.map(({ firstWord, lastWord }) => [firstWord, lastWord])).toEqual([
      [0, 1],
      [2, 4],
      [5, 5],
    ]);
  });
});

describe('sentenceEnds', () => {
  it("answers each sentence's end as an offset, a line's end included", () => {
    expect(sentenceEnds('Uno. Dos.\nTres', 'es')).toEqual([5, 9, 14]);
  });
});
