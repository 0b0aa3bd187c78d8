import { describe, expect, it } from 'vitest';
import { plainText, readWordList, splitRows, statusOfCell } from './wordList.ts';

const words = (text: string) => readWordList(text).words.map((entry) => entry.word);

describe('a pasted list of words', () => {
  it('is one word per line, blank lines and surrounding spaces left out, a BOM ignored', () => {
    const list = readWordList('\uFEFFcasa\r\n\n  perro  \ngato\r\n\n');

    expect(list.words).toEqual([
      { word: 'casa', status: 'known' },
      { word: 'perro', status: 'known' },
      { word: 'gato', status: 'known' },
    ]);
    expect(list).toMatchObject({ rows: 3, skipped: 0 });
  });

  it('skips phrases of several words and counts them', () => {
    const list = readWordList('casa\nde vez en cuando\n日本語\n');

    expect(list.words.map((entry) => entry.word)).toEqual(['casa', '日本語']);
    expect(list).toMatchObject({ rows: 3, skipped: 1 });
  });

  it('keeps a word with a comma in a list that is not a CSV file', () => {
    expect(words('uno\ndos\ntres\ncuatro,\n')).toEqual(['uno', 'dos', 'tres', 'cuatro,']);
  });
});

describe("a CSV or tab-separated file, LingQ's export among them", () => {
  it('takes the column its header names term, and the learning level of its status', () => {
    const csv = 'Term,Hint,Status,Tags\ncasa,house,4,\n"perro","dog, hound",1,animals\ngato,cat,known,\n';

    expect(readWordList(csv)).toEqual({
      words: [
        { word: 'casa', status: 'learning-4' },
        { word: 'perro', status: 'learning-1' },
        { word: 'gato', status: 'known' },
      ],
      rows: 3,
      skipped: 0,
    });
  });

  it('takes the first column of a file without a header it knows', () => {
    expect(words('casa\thouse\nperro\tdog\n')).toEqual(['casa', 'perro']);
    expect(words('casa;house\nperro;dog\n')).toEqual(['casa', 'perro']);
  });

  it('reads quoted cells holding the separator, quotes and line breaks', () => {
    expect(splitRows('"a,b",c\n"say ""hi""","two\nlines"\n', ',')).toEqual([
      ['a,b', 'c'],
      ['say "hi"', 'two\nlines'],
      [''],
    ]);
  });
});

describe("Anki's Notes in Plain Text export", () => {
  it('honours its headers: the separator, HTML, and the guid, notetype and deck columns', () => {
    const anki = [
      '#separator:tab',
      '#html:true',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      'Ab1\tBasic\tSpanish\t<b>casa</b>\thouse<br>home\t',
      'Cd2\tBasic\tSpanish\tperro&nbsp;[sound:perro.mp3]\tdog\tanimals',
      'Ef3\tBasic\tSpanish\t<div>gato</div>\tcat\t',
    ].join('\n');

    expect(words(anki)).toEqual(['casa', 'perro', 'gato']);
  });

  it('reads a named separator and a file with the word first', () => {
    expect(words('#separator:Semicolon\n#html:false\ncasa;house\nperro;dog\n')).toEqual(['casa', 'perro']);
  });
});

describe('the text of a field', () => {
  it('loses tags, sound references and entities', () => {
    expect(plainText('<span style="x">ni&ntilde;o</span>')).toBe('ni&ntilde;o');
    expect(plainText('&lt;a&gt; &amp; &#233;t&#xE9;[sound:x.mp3]')).toBe('<a> & été ');
  });
});

describe('the status a cell asks for', () => {
  it("is a learning level for LingQ's 1-4, known otherwise", () => {
    expect(statusOfCell('1')).toBe('learning-1');
    expect(statusOfCell('3 - Not sure')).toBe('learning-3');
    expect(statusOfCell('4')).toBe('learning-4');
    expect(statusOfCell('5')).toBe('known');
    expect(statusOfCell('✔')).toBe('known');
    expect(statusOfCell('')).toBe('known');
    expect(statusOfCell(undefined)).toBe('known');
    expect(statusOfCell('12')).toBe('known');
  });
});
