import { describe, expect, it } from 'vitest';
import { cueFormatOf, parseClock, readCues } from './cues.ts';

describe('parseClock', () => {
  it('reads hours, minutes, seconds and a fraction with a dot or a comma', () => {
    expect(parseClock('00:01:02.500')).toBe(62.5);
    expect(parseClock('01:02.5')).toBe(62.5);
    expect(parseClock('1:00:00,040')).toBe(3600.04);
    for (const bad of ['', '1:2:3:4', '00:61.000', 'abc', '12']) expect(parseClock(bad)).toBeUndefined();
  });
});

describe('readCues', () => {
  it('reads WebVTT: header, notes and voice tags dropped, lines of a cue joined', () => {
    const vtt = [
      'WEBVTT - Capítulo 1',
      'Kind: captions',
      '',
      'NOTE made by hand',
      '',
      'intro',
      '00:00.000 --> 00:02.400 align:start',
      '<v Narradora>Hola, amigo.</v>',
      '',
      '00:00:02.400 --> 00:00:05.000',
      '¿Vienes',
      '<i>hoy</i>?',
      '',
    ].join('\r\n');
    expect(readCues(vtt)).toEqual({
      format: 'vtt',
      cues: [
        { start: 0, end: 2.4, text: 'Hola, amigo.' },
        { start: 2.4, end: 5, text: '¿Vienes hoy?' },
      ],
      problems: [],
    });
  });

  it('reads SRT with its numbers and comma fractions, reporting a broken timing by its line', () => {
    const srt =
      '\uFEFF1\n00:00:00,000 --> 00:00:02,400\nHola, amigo.\n\n2\n00:00:02,400 -> 00:00:05,000\nRota\n\n3\n00:00:05,000 --> 00:00:07,000\n¡Sí!\n';
    const read = readCues(srt);
    expect(read?.format).toBe('srt');
    expect(read?.cues).toEqual([
      { start: 0, end: 2.4, text: 'Hola, amigo.' },
      { start: 5, end: 7, text: '¡Sí!' },
    ]);
    expect(read?.problems).toEqual([{ line: 5, message: 'A block without a "start --> end" line.' }]);
  });

  it('reports a timing whose end comes before its start', () => {
    const read = readCues('WEBVTT\n\n00:05.000 --> 00:01.000\nAl revés\n');
    expect(read?.cues).toEqual([]);
    expect(read?.problems).toEqual([{ line: 3, message: '"00:05.000 --> 00:01.000" is not a timing.' }]);
  });

  it('reads LRC: metadata skipped, a line with two times twice, in time order, without ends', () => {
    const lrc =
      '[ar:Narradora]\n[00:00.00]Hola, amigo.\n[00:02.40][00:09.10]¿Vienes hoy?\nsin tiempo\n[00:05.5]¡Sí!';
    expect(readCues(lrc)).toEqual({
      format: 'lrc',
      cues: [
        { start: 0, end: null, text: 'Hola, amigo.' },
        { start: 2.4, end: null, text: '¿Vienes hoy?' },
        { start: 5.5, end: null, text: '¡Sí!' },
        { start: 9.1, end: null, text: '¿Vienes hoy?' },
      ],
      problems: [{ line: 4, message: 'A line without a [mm:ss.xx] time.' }],
    });
  });

  it('answers undefined for a text in none of the formats', () => {
    expect(cueFormatOf('Just a story.\nNo times.')).toBeUndefined();
    expect(readCues('')).toBeUndefined();
    expect(readCues('%PDF-1.7 binary')).toBeUndefined();
  });
});
