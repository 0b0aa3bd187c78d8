import { describe, expect, it } from 'vitest';
import { alignCues } from './alignCues.ts';
import type { Cue } from './cues.ts';

const cue = (start: number, end: number | null, text: string): Cue => ({ start, end, text });

describe('alignCues', () => {
  it('times each sentence by the cue it starts in, whatever the punctuation and case', () => {
    const aligned = alignCues(
      ['Hola, amigo.', '¿Vienes hoy?', '¡Sí!'],
      [cue(0, 2.4, 'hola amigo'), cue(2.4, 5, 'Vienes hoy'), cue(5, 6, 'SI')],
    );
    expect(aligned).toEqual({
      starts: [0, 2.4, 5],
      unmatchedSentences: [],
      unmatchedCues: [],
      coverage: 1,
    });
  });

  it('times a second sentence within a cue by the share of its letters before it', () => {
    // "Uno dos." and "Tres cuatro." in one 10-second cue: "unodos" is 6 of 16 letters.
    const aligned = alignCues(['Uno dos.', 'Tres cuatro.'], [cue(10, 20, 'Uno dos. Tres cuatro.')]);
    expect(aligned.starts).toEqual([10, 13.75]);
  });

  it('finds the text again after words the narrator added, and after a sentence the recording skips', () => {
    const aligned = alignCues(
      [
        'Era una noche oscura y tormentosa.',
        'Nadie sabía su nombre verdadero en el pueblo.',
        'Esta frase no se grabó nunca jamás.',
        'Al amanecer, el barco había desaparecido.',
      ],
      [
        cue(0, 3, 'Bueno, era una noche oscura y tormentosa.'),
        cue(3, 7, 'Nadie sabía su nombre verdadero en el pueblo.'),
        cue(7, 10, 'Al amanecer, el barco había desaparecido.'),
      ],
    );
    expect(aligned.starts[0]).toBeGreaterThan(0);
    expect(aligned.starts[0]).toBeLessThan(1);
    expect(aligned.starts[1]).toBe(3);
    expect(aligned.starts[2]).toBeNull();
    expect(aligned.starts[3]).toBe(7);
    expect(aligned.unmatchedSentences).toEqual([2]);
    expect(aligned.coverage).toBeLessThan(1);
    expect(aligned.coverage).toBeGreaterThan(0.6);
  });

  it('matches a language written without spaces letter by letter, and LRC cues end at the next start', () => {
    const aligned = alignCues(
      ['今日は晴れです。', '明日は雨でしょう。'],
      [cue(1, null, '今日は晴れです'), cue(4, null, '明日は雨でしょう')],
    );
    expect(aligned.starts).toEqual([1, 4]);
  });

  it('reports cues that match nothing and a file for another text', () => {
    const aligned = alignCues(['Hola, amigo.'], [cue(0, 1, 'Hola amigo'), cue(1, 2, 'zzzz qqqq xxxx')]);
    expect(aligned.unmatchedCues).toEqual([1]);
    const other = alignCues(['Hola, amigo.', 'Adiós.'], [cue(0, 3, 'The quick brown fox jumps')]);
    expect(other.coverage).toBeLessThan(0.3);
  });

  it('answers no times for no cues or no sentences', () => {
    expect(alignCues(['Hola.'], [])).toEqual({
      starts: [null],
      unmatchedSentences: [0],
      unmatchedCues: [],
      coverage: 0,
    });
    expect(alignCues([], [cue(0, 1, 'Hola')]).starts).toEqual([]);
  });
});
