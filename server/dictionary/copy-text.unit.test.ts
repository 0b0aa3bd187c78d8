import { describe, expect, it } from 'vitest';
import { CopyText, MAX_PHRASES } from './copy-text.ts';
import type { EntryRows, FormRow } from './wiktextract.ts';

function entry(lemma: string, forms: Partial<FormRow>[], senses = 0, audio: string | null = null): EntryRows {
  return {
    audio,
    lemma,
    pos: 'verb',
    senses: Array.from({ length: senses }, () => ({
      gloss: 'to speak',
      definition: 'to speak',
      example: null,
      example_translation: null,
      tags: [],
    })),
    forms: forms.map((form) => ({
      surface: lemma,
      lemma,
      key: (form.surface ?? lemma).toLowerCase(),
      phrase: null,
      isOfLemma: false,
      ...form,
    })),
  };
}

/** The columns of each row of COPY text, without the import id. */
function rowsOf(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t').slice(1));
}

describe('CopyText', () => {
  it("writes an entry's recording as its last column, and null as COPY's \\N", () => {
    const copy = new CopyText(7);
    const rows = copy.batch([
      entry('casa', [{}], 1, 'https://upload.wikimedia.org/a/casa.ogg.mp3'),
      entry('mesa', [{}], 1),
    ]);
    expect(rowsOf(rows.entries).map((row) => row.at(-1))).toEqual([
      'https://upload.wikimedia.org/a/casa.ogg.mp3',
      '\\N',
    ]);
  });

  it('numbers each phrase the first time it comes, and gives the forms its number rather than their description', () => {
    const copy = new CopyText(7);
    const first = copy.batch([
      entry(
        'hablar',
        [
          {},
          { surface: 'hablo', phrase: 'first-person singular present indicative', isOfLemma: true },
          {
            surface: 'Habla',
            key: 'habla',
            phrase: 'third-person singular present indicative',
            isOfLemma: true,
          },
        ],
        1,
      ),
    ]);
    const second = copy.batch([
      entry('vivir', [
        { surface: 'vivo', phrase: 'first-person singular present indicative', isOfLemma: true },
      ]),
    ]);

    expect(first.entries.startsWith('7\thablar\tverb\t[{"gloss":"to speak"')).toBe(true);
    expect(first.forms.startsWith('7\t')).toBe(true);
    expect(rowsOf(first.forms)).toEqual([
      ['hablar', '\\N', 'hablar', '\\N', '\\N'],
      ['hablo', '\\N', 'hablar', '\\N', '1'],
      ['habla', 'Habla', 'hablar', '\\N', '2'],
    ]);
    expect(second.entries).toBe('');
    expect(rowsOf(second.forms)).toEqual([['vivo', '\\N', 'vivir', '\\N', '1']]);
    expect([...copy.phrases]).toEqual([
      ['first-person singular present indicative', 1],
      ['third-person singular present indicative', 2],
    ]);
  });

  it('writes a description that is not a phrase and its lemma whole, escaped for COPY', () => {
    const copy = new CopyText(1);
    const text = copy.batch([
      entry('возник', [
        {
          lemma: 'возникнуть',
          phrase: 'short masculine singular past indicative perfective of возни́кнуть (vozníknutʹ)',
          isOfLemma: false,
        },
        { lemma: 'odd\tlemma', phrase: 'a\\b\nc', isOfLemma: false },
      ]),
    ]);

    expect(rowsOf(text.forms)).toEqual([
      [
        'возник',
        '\\N',
        'возникнуть',
        'short masculine singular past indicative perfective of возни́кнуть (vozníknutʹ)',
        '\\N',
      ],
      ['возник', '\\N', 'odd\\tlemma', 'a\\\\b\\nc', '\\N'],
    ]);
    expect(copy.phrases.size).toBe(0);
  });

  it(`keeps at most ${MAX_PHRASES} phrases, and writes the descriptions of the others whole`, () => {
    const copy = new CopyText(1);
    const forms = Array.from({ length: MAX_PHRASES + 2 }, (_, index) => ({
      surface: `f${index}`,
      phrase: `phrase ${index}`,
      isOfLemma: true,
    }));
    const text = copy.batch([entry('x', forms)]);

    const rows = rowsOf(text.forms);
    expect(copy.phrases.size).toBe(MAX_PHRASES);
    expect(rows[MAX_PHRASES - 1]).toEqual([`f${MAX_PHRASES - 1}`, '\\N', 'x', '\\N', String(MAX_PHRASES)]);
    expect(rows[MAX_PHRASES]).toEqual([`f${MAX_PHRASES}`, '\\N', 'x', `phrase ${MAX_PHRASES} of x`, '\\N']);
  });
});
