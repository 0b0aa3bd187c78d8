import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaryKey, normalizeLookup } from '#common/dictionary.ts';
import { describeForm, describeForms } from './wiktextract/describe.ts';
import {
  describeRow,
  type MappedEntry,
  type MapResult,
  mapWiktextractRows,
  mapWiktextractEntry as mapWithKeys,
} from './wiktextract.ts';

/**
 * The mapper, checking that every form carries its surface's dictionary key (the importer stores it as is),
 * then leaving the key out so the cases below read as the learner-facing fields.
 */
function mapWiktextractEntry(value: unknown, language: string): MapResult {
  const result = mapWithKeys(value, language);
  if (!result.ok) return result;
  const forms = result.entry.forms.map(({ key, ...form }) => {
    expect(key, form.surface).toBe(dictionaryKey(form.surface, language));
    return form;
  });
  return { ok: true, entry: { ...result.entry, forms: forms as MappedEntry['forms'] } };
}

const SAMPLE_PATH = resolve(
  import.meta.dirname,
  '../../tests/fixtures/kaikki/wiktextract-en-edition-sample.jsonl',
);

type Raw = Record<string, unknown>;

/** The real sample, one parsed object per line, fresh for each caller so that no test sees another's edits. */
function sampleEntries(): Raw[] {
  return readFileSync(SAMPLE_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Raw);
}

function languageOf(raw: Raw): string {
  return typeof raw.lang_code === 'string' ? raw.lang_code : '';
}

function mapped(raw: unknown, language: string): MappedEntry {
  const result = mapWiktextractEntry(raw, language);
  if (!result.ok) throw new Error(`expected the entry to map, it was skipped: ${result.reason}`);
  return result.entry;
}

function sampleEntry(word: string, language: string): { raw: Raw; entry: MappedEntry } {
  const raw = sampleEntries().find(
    (candidate) => candidate.word === word && candidate.lang_code === language,
  );
  if (!raw) throw new Error(`the sample has no ${language} entry ${word}`);
  return { raw, entry: mapped(raw, language) };
}

function descriptionOf(entry: MappedEntry, surface: string): string | null | undefined {
  return entry.forms.find((form) => form.surface === surface && form.lemma === entry.lemma)?.description;
}

function rows(value: unknown): Raw[] {
  return Array.isArray(value)
    ? value.filter((item): item is Raw => typeof item === 'object' && item !== null)
    : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function expectWellFormed(result: MapResult) {
  if (!result.ok) {
    expect(result.reason).toMatch(/\S/);
    return;
  }
  const { entry } = result;
  expect(entry.lemma).toMatch(/\S/);
  expect(typeof entry.pos).toBe('string');
  expect(entry.senses.length + entry.forms.length).toBeGreaterThan(0);
  for (const sense of entry.senses) {
    expect(sense.gloss).toMatch(/\S/);
    expect(sense.definition).toMatch(/\S/);
    expect(sense.example === null || typeof sense.example === 'string').toBe(true);
    expect(sense.example_translation === null || typeof sense.example_translation === 'string').toBe(true);
    expect(sense.tags.every((tag) => typeof tag === 'string')).toBe(true);
  }
  for (const form of entry.forms) {
    expect(form.surface).toMatch(/\S/);
    expect(form.lemma).toMatch(/\S/);
    expect(form.description === null || form.description.length > 0).toBe(true);
  }
}

describe('mapWiktextractEntry on the real sample', () => {
  it('maps every line of the sample or says why not, and never throws', () => {
    const entries = sampleEntries();
    expect(entries).toHaveLength(64);
    for (const raw of entries) {
      const result = mapWiktextractEntry(raw, languageOf(raw));
      expectWellFormed(result);
      expect(result.ok, `${raw.word}: ${result.ok ? '' : result.reason}`).toBe(true);
    }
  });

  it('skips the entries of other languages with the language in the reason', () => {
    const results = sampleEntries().map((raw) => ({ raw, result: mapWiktextractEntry(raw, 'es') }));
    const skipped = results.filter(({ raw }) => raw.lang_code !== 'es');
    expect(skipped.length).toBeGreaterThan(50);
    for (const { raw, result } of skipped) {
      expect(result).toEqual({ ok: false, reason: `language ${languageOf(raw)}, not es` });
    }
    expect(results.filter(({ result }) => result.ok)).toHaveLength(2);
  });

  it('gives a Spanish verb its glosses, examples and conjugated forms', () => {
    const { entry } = sampleEntry('vivir', 'es');

    expect(entry).toMatchObject({ lemma: 'vivir', pos: 'verb' });
    expect(entry.senses.map((sense) => sense.gloss)).toContain('to live; to be alive');
    expect(entry.senses).toContainEqual({
      gloss: 'to live in, reside, inhabit',
      definition: '(intransitive) to live in, reside, inhabit',
      example: 'Vive en la casa roja.',
      example_translation: 'He/she lives in the red house.',
      tags: ['intransitive'],
    });
    expect(entry.forms[0]).toEqual({ surface: 'vivir', lemma: 'vivir', description: null });
    expect(entry.forms).toContainEqual({
      surface: 'viví',
      lemma: 'vivir',
      description:
        'first-person singular preterite indicative; second-person singular imperative informal vos form of vivir',
    });
    expect(entry.forms).toContainEqual({
      surface: 'vivida',
      lemma: 'vivir',
      description: 'feminine singular past participle of vivir',
    });
    expect(entry.forms.map((form) => form.surface)).toContain('vivieron');
  });

  it('gives a French verb and a French noun their glosses and forms', () => {
    const prendre = sampleEntry('prendre', 'fr').entry;
    expect(prendre.senses[0]).toEqual({
      gloss: 'to take',
      definition: '(transitive) to take',
      example: 'prends ma main',
      example_translation: 'take my hand',
      tags: ['transitive'],
    });
    expect(prendre.forms).toContainEqual({
      surface: 'prend',
      lemma: 'prendre',
      description: 'third-person singular present indicative of prendre',
    });

    const chambre = sampleEntry('chambre', 'fr').entry;
    expect(chambre.senses.map((sense) => sense.gloss)).toEqual([
      'a room.',
      'a hotel room.',
      'a bedroom.',
      'a house of a parliament.',
    ]);
    // The parent gloss ends with its own colon: no second one is added.
    expect(chambre.senses[0]?.definition).toBe('a chamber in its various senses, including: a room.');
    expect(chambre.forms).toEqual([
      { surface: 'chambre', lemma: 'chambre', description: null },
      { surface: 'chambres', lemma: 'chambre', description: 'plural of chambre' },
    ]);
  });

  it('keeps the whole reading of a nested sense in its definition', () => {
    const { entry } = sampleEntry('pflegen', 'de');
    expect(entry.senses[0]).toMatchObject({
      gloss: 'to nurse; to care for someone in poor health',
      definition:
        'providing care or service for someone/something [weak verb]: (transitive, medicine) to nurse; to care for someone in poor health',
    });
  });

  it('makes no form of the rows that are not word forms, anywhere in the sample', () => {
    const notForms = ['inflection-template', 'table-tags', 'class', 'romanization', 'canonical'];
    let checked = 0;
    for (const raw of sampleEntries()) {
      const entry = mapped(raw, languageOf(raw));
      const surfaces = new Set(
        entry.forms
          .filter((form) => form.lemma === entry.lemma && form.description !== null)
          .map((form) => form.surface),
      );
      const rawForms = rows(raw.forms);
      // A surface is forbidden when every row that gives it is a non-form ('vivido' is a real form even
      // if some other row of the same spelling were not).
      const isRealSomewhere = (surface: string) =>
        rawForms.some(
          (row) => row.form === surface && !strings(row.tags).some((tag) => notForms.includes(tag)),
        );
      for (const row of rawForms) {
        const surface = typeof row.form === 'string' ? row.form : '';
        if (!strings(row.tags).some((tag) => notForms.includes(tag)) || isRealSomewhere(surface)) continue;
        checked += 1;
        expect(surfaces.has(surface), `${raw.word}: ${surface}`).toBe(false);
      }
      for (const form of entry.forms) {
        expect(form.surface).not.toMatch(/\s/);
        expect(form.surface).not.toMatch(/^[-–—]*$/);
        expect(form.surface).toBe(form.surface.normalize('NFC'));
        expect(['no-table-tags', 'es-conj', 'fr-conj-auto', 'de-ndecl']).not.toContain(form.surface);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('makes no form of a romanization, tagged or not, of a word in another script', () => {
    for (const raw of sampleEntries()) {
      const entry = mapped(raw, languageOf(raw));
      if (/\p{Script=Latin}/u.test(entry.lemma)) continue;
      for (const form of entry.forms) expect(form.surface, entry.lemma).not.toMatch(/\p{Script=Latin}/u);
    }
    const tanoshii = sampleEntry('楽しい', 'ja').entry;
    expect(tanoshii.forms.map((form) => form.surface)).toEqual(
      expect.arrayContaining(['楽しかろ', 'たのしかろ']),
    );
  });

  it('turns an entry that is only a form of another word into form rows and no senses', () => {
    const expected: Record<string, { language: string; forms: [string, string][] }> = {
      býr: { language: 'is', forms: [['búa', 'third-person singular present indicative of búa']] },
      ik: { language: 'sq', forms: [['iki', 'second-person singular imperative of iki']] },
      démarche: {
        language: 'fr',
        forms: [
          [
            'démarcher',
            'first/third-person singular present indicative/subjunctive; second-person singular imperative of démarcher',
          ],
        ],
      },
      reciba: {
        language: 'es',
        forms: [
          [
            'recebir',
            'first/third-person singular present subjunctive; third-person singular imperative of recebir',
          ],
          [
            'recibir',
            'first/third-person singular present subjunctive; third-person singular imperative of recibir',
          ],
        ],
      },
      возник: {
        language: 'ru',
        // The link is printed with its stress mark; the entry it leads to is titled without.
        forms: [
          ['возникнуть', 'short masculine singular past indicative perfective of возни́кнуть (vozníknutʹ)'],
        ],
      },
    };
    for (const [word, { language, forms }] of Object.entries(expected)) {
      const { entry } = sampleEntry(word, language);
      expect(entry.senses, word).toEqual([]);
      expect(entry.forms, word).toEqual(
        forms.map(([lemma, description]) => ({ surface: word, lemma, description })),
      );
    }
  });

  it('keeps only links, no own forms, for every sample entry without senses of its own', () => {
    for (const raw of sampleEntries()) {
      const entry = mapped(raw, languageOf(raw));
      if (entry.senses.length > 0) continue;
      expect(entry.forms.length).toBeGreaterThan(0);
      for (const form of entry.forms) {
        expect(form.surface).toBe(entry.lemma);
        expect(form.lemma).not.toBe(entry.lemma);
        expect(form.description).toMatch(/\S/);
      }
    }
  });

  it('keeps every example translation when the dump has only the older `english`', () => {
    let translations = 0;
    for (const raw of sampleEntries()) {
      for (const sense of rows(raw.senses)) {
        for (const example of rows(sense.examples)) delete example.translation;
      }
      const entry = mapped(raw, languageOf(raw));
      const examples = rows(raw.senses).flatMap((sense) => rows(sense.examples).slice(0, 1));
      for (const sense of entry.senses) {
        if (sense.example === null) continue;
        const source = examples.find((example) => example.text === sense.example);
        expect(sense.example_translation).toBe(source?.english ?? null);
        if (sense.example_translation !== null) translations += 1;
      }
    }
    expect(translations).toBeGreaterThan(50);
  });

  it('names every reading of a form its table lists under several tag lists', () => {
    const vivir = sampleEntry('vivir', 'es').entry;
    // Six rows: the first- and third-person present subjunctive, the imperative, and its formal and negative
    // twins, which say nothing the plain imperative does not.
    expect(descriptionOf(vivir, 'viva')).toBe(
      'first/third-person singular present subjunctive; third-person singular imperative of vivir',
    );
    expect(descriptionOf(vivir, 'vivimos')).toBe('first-person plural present/preterite indicative of vivir');
    expect(descriptionOf(vivir, 'vivís')).toBe(
      'second-person singular present indicative informal vos form; second-person plural present indicative of vivir',
    );
    // The headword line's 'first-person singular present' says less than the table's row: it is left out.
    expect(descriptionOf(vivir, 'vivo')).toBe('first-person singular present indicative of vivir');
    expect(descriptionOf(sampleEntry('pflegen', 'de').entry, 'pflege')).toBe(
      'first-person singular present indicative; first/third-person singular subjunctive I; second-person singular imperative of pflegen',
    );
    expect(descriptionOf(sampleEntry('prendre', 'fr').entry, 'prends')).toBe(
      'first/second-person singular present indicative; second-person singular imperative of prendre',
    );
    expect(descriptionOf(sampleEntry('domus', 'la').entry, 'domō')).toBe('dative/ablative singular of domus');
    expect(descriptionOf(sampleEntry('gjuhë', 'sq').entry, 'gjuhëve')).toBe(
      'dative plural indefinite; dative/ablative plural definite of gjuhë',
    );
  });

  it('describes a table form in the words of the form-of entries that Wiktionary editors write', () => {
    // démarche has an entry of its own in the sample; sembler's table lists semble under the same readings.
    const semble = descriptionOf(sampleEntry('sembler', 'fr').entry, 'semble');
    const démarche = sampleEntry('démarche', 'fr').entry.forms[0]?.description;
    expect(semble).toBe(
      'first/third-person singular present indicative/subjunctive; second-person singular imperative of sembler',
    );
    expect(semble?.replace(/ of sembler$/, ' of démarcher')).toBe(démarche);
  });

  it('keeps every description of the sample to a line, whatever the number of rows of its form', () => {
    // isoni: seven rows of the Finnish table, which together are every case of three and both numbers.
    expect(descriptionOf(sampleEntry('iso', 'fi').entry, 'isoni')).toBe(
      'nominative/accusative/genitive singular/plural of iso',
    );
    for (const raw of sampleEntries()) {
      const entry = mapped(raw, languageOf(raw));
      for (const form of entry.forms) {
        if (form.description === null) continue;
        expect(form.description.split('; ').length, form.description).toBeLessThanOrEqual(3);
        expect(form.description.length, form.description).toBeLessThanOrEqual(180);
      }
    }
  });
});

describe('mapWiktextractEntry on hand-made entries', () => {
  const habló = {
    word: 'habló',
    pos: 'verb',
    lang_code: 'es',
    senses: [
      {
        glosses: ['third-person singular preterite indicative of hablar'],
        tags: ['form-of', 'indicative', 'preterite', 'singular', 'third-person'],
        form_of: [{ word: 'hablar' }],
      },
    ],
  };

  it('leads an inflected form to its lemma with the gloss as description', () => {
    expect(mapWiktextractEntry(habló, 'es')).toEqual({
      ok: true,
      entry: {
        lemma: 'habló',
        pos: 'verb',
        audio: null,
        senses: [],
        forms: [
          {
            surface: 'habló',
            lemma: 'hablar',
            description: 'third-person singular preterite indicative of hablar',
          },
        ],
      },
    });
  });

  it('describes the form from its tags when the form-of gloss is empty', () => {
    const entry = mapped(
      {
        word: 'hablé',
        lang_code: 'es',
        senses: [
          { glosses: [''], tags: ['first-person', 'preterite', 'singular'], form_of: [{ word: 'hablar' }] },
        ],
      },
      'es',
    );
    expect(entry.forms).toEqual([
      { surface: 'hablé', lemma: 'hablar', description: 'first-person singular preterite of hablar' },
    ]);
  });

  it('names the lemma after a gloss that only says which form it is', () => {
    const entry = mapped(
      {
        word: 'hable',
        lang_code: 'es',
        senses: [
          {
            glosses: ['inflection of hablar:', 'first/third-person singular present subjunctive'],
            form_of: [{ word: 'hablar' }],
          },
        ],
      },
      'es',
    );
    expect(entry.forms[0]?.description).toBe('first/third-person singular present subjunctive of hablar');
  });

  it('leads an alternative spelling to the word it spells', () => {
    const entry = mapped(
      {
        word: 'clé',
        pos: 'noun',
        lang_code: 'fr',
        senses: [
          { glosses: ['key'], tags: ['feminine'] },
          {
            glosses: ['alternative form of clef'],
            tags: ['alt-of', 'alternative'],
            alt_of: [{ word: 'clef' }],
          },
        ],
      },
      'fr',
    );
    expect(entry.senses.map((sense) => sense.gloss)).toEqual(['key']);
    expect(entry.forms).toEqual([
      { surface: 'clé', lemma: 'clé', description: null },
      { surface: 'clé', lemma: 'clef', description: 'alternative form of clef' },
    ]);
  });

  it('keeps a form-of sense as a meaning too when its gloss never names the lemma', () => {
    const entry = mapped(
      {
        word: 'rectus',
        lang_code: 'la',
        senses: [
          {
            glosses: ['right, correct, proper'],
            tags: ['declension-1', 'form-of', 'participle', 'passive', 'perfect'],
            form_of: [{ word: 'regō' }],
          },
        ],
      },
      'la',
    );
    expect(entry.senses.map((sense) => sense.gloss)).toEqual(['right, correct, proper']);
    expect(entry.forms).toEqual([
      { surface: 'rectus', lemma: 'rectus', description: null },
      { surface: 'rectus', lemma: 'rego', description: 'perfect passive participle of regō' },
    ]);
  });

  it('maps an entry whose table has more rows than a call takes arguments (a line near DICT_LINE_MAX_MB)', () => {
    const rows = 200_000;
    const forms = Array.from({ length: rows }, (_, index) => ({ form: `habl${index}`, tags: ['plural'] }));
    const result = mapWiktextractEntry(
      { ...habló, word: 'hablar', senses: [{ glosses: ['to speak'] }], forms },
      'es',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The word itself, then each row's form in the table's order.
    expect(result.entry.forms).toHaveLength(rows + 1);
    expect(result.entry.forms[rows]).toMatchObject({ surface: `habl${rows - 1}`, lemma: 'hablar' });
  });

  it('skips an entry of another language and accepts one without a language', () => {
    expect(mapWiktextractEntry({ ...habló, lang_code: 'fr' }, 'es')).toEqual({
      ok: false,
      reason: 'language fr, not es',
    });
    const { lang_code: _, ...withoutLanguage } = habló;
    expect(mapWiktextractEntry(withoutLanguage, 'es').ok).toBe(true);
  });

  it('skips an entry without senses', () => {
    expect(mapWiktextractEntry({ word: 'hablar', lang_code: 'es' }, 'es')).toEqual({
      ok: false,
      reason: 'missing senses',
    });
    expect(mapWiktextractEntry({ word: 'hablar', senses: [] }, 'es')).toEqual({
      ok: false,
      reason: 'missing senses',
    });
  });

  it('skips what is not an entry at all', () => {
    for (const value of [null, undefined, 42, 'hablar', [], [habló]]) {
      expect(mapWiktextractEntry(value, 'es')).toEqual({ ok: false, reason: 'not a JSON object' });
    }
    for (const word of [undefined, '', '   ', 5, null, ['hablar']]) {
      expect(mapWiktextractEntry({ ...habló, word }, 'es')).toEqual({ ok: false, reason: 'missing word' });
    }
    expect(mapWiktextractEntry({ ...habló, lang_code: 7 }, 'es')).toEqual({
      ok: false,
      reason: 'invalid lang_code',
    });
  });

  it('survives wrong types everywhere', () => {
    expect(mapWiktextractEntry({ word: 'hablar', senses: 'x' }, 'es')).toEqual({
      ok: false,
      reason: 'missing senses',
    });
    expect(mapWiktextractEntry({ word: 'hablar', senses: [{ glosses: [1] }] }, 'es')).toEqual({
      ok: false,
      reason: 'no glosses',
    });
    expect(
      mapWiktextractEntry({ word: 'hablar', senses: [null, 3, 'x', [], { glosses: 'to speak' }] }, 'es'),
    ).toEqual({ ok: false, reason: 'no glosses' });

    const entry = mapped(
      {
        word: 'hablar',
        pos: 3,
        lang_code: 'es',
        forms: [
          null,
          3,
          'hablo',
          { form: 5 },
          { form: 'hablas', tags: 'second-person' },
          { tags: ['plural'] },
        ],
        senses: [
          {
            glosses: [1, 'to speak', null],
            raw_glosses: [null],
            tags: 'x',
            examples: [null, 'x', { text: 4 }, { text: 'Hablo.', translation: 7, english: 'I speak.' }],
            form_of: 'hablar',
            alt_of: [null, { word: 3 }],
          },
        ],
      },
      'es',
    );
    expect(entry).toEqual({
      lemma: 'hablar',
      pos: '',
      audio: null,
      senses: [
        {
          gloss: 'to speak',
          definition: 'to speak',
          example: 'Hablo.',
          example_translation: 'I speak.',
          tags: [],
        },
      ],
      forms: [
        { surface: 'hablar', lemma: 'hablar', description: null },
        { surface: 'hablas', lemma: 'hablar', description: 'a form of hablar' },
      ],
    });
  });

  it('never throws on the real entries with any field of any type', () => {
    const wrongValues: unknown[] = [null, 3, 'x', true, [], {}, [null], [3], ['x'], [{}], [[]]];
    const base = sampleEntry('prendre', 'fr').raw;
    const fields = [...Object.keys(base), 'form_of', 'alt_of'];
    const senseFields = ['glosses', 'raw_glosses', 'examples', 'tags', 'form_of', 'alt_of'];
    for (const wrong of wrongValues) {
      for (const field of fields) {
        expectWellFormed(mapWiktextractEntry({ ...base, [field]: wrong }, 'fr'));
      }
      for (const field of senseFields) {
        const senses = rows(base.senses).map((sense) => ({ ...sense, [field]: wrong }));
        expectWellFormed(mapWiktextractEntry({ ...base, senses }, 'fr'));
        const examples = [{ text: wrong, translation: wrong, english: wrong }];
        expectWellFormed(mapWiktextractEntry({ ...base, senses: [{ glosses: ['x'], examples }] }, 'fr'));
        const forms = [{ form: wrong, tags: wrong }];
        expectWellFormed(mapWiktextractEntry({ ...base, forms }, 'fr'));
      }
    }
  });

  it('drops senses without a gloss or tagged no-gloss', () => {
    const entry = mapped(
      {
        word: 'hablar',
        lang_code: 'es',
        senses: [{ tags: ['no-gloss'], glosses: ['x'] }, { glosses: [] }, { glosses: ['to speak'] }],
      },
      'es',
    );
    expect(entry.senses.map((sense) => sense.gloss)).toEqual(['to speak']);
  });

  it('takes the definition from the raw glosses and the gloss from the most specific level', () => {
    const entry = mapped(
      {
        word: 'llevar',
        lang_code: 'es',
        senses: [
          {
            glosses: ['to carry', 'to wear'],
            raw_glosses: ['(transitive) to carry', '(clothing) to wear'],
            examples: [{ text: 'Lleva gafas.', english: 'He wears glasses.' }],
          },
          { glosses: ['to take', 'to lead'] },
        ],
      },
      'es',
    );
    expect(entry.senses).toEqual([
      {
        gloss: 'to wear',
        definition: '(transitive) to carry: (clothing) to wear',
        example: 'Lleva gafas.',
        example_translation: 'He wears glasses.',
        tags: [],
      },
      {
        gloss: 'to lead',
        definition: 'to take: to lead',
        example: null,
        example_translation: null,
        tags: [],
      },
    ]);
  });

  it('turns the forms table into forms and leaves out the rows that are not words', () => {
    const entry = mapped(
      {
        word: 'hablar',
        lang_code: 'es',
        senses: [{ glosses: ['to speak'] }],
        forms: [
          { form: 'no-table-tags', tags: ['table-tags'] },
          { form: 'es-conj', tags: ['inflection-template'] },
          { form: 'regular', tags: ['class'] },
          { form: 'ablar', tags: ['romanization'] },
          { form: 'ablar', tags: ['transliteration'] },
          { form: 'hablar', tags: ['canonical'] },
          { form: 'haber', tags: ['auxiliary'] },
          { form: 'hablar', tags: ['infinitive'] },
          { form: '-', tags: ['first-person', 'imperative', 'singular'] },
          { form: '', tags: ['plural'] },
          { form: 'he hablado', tags: ['first-person', 'perfect', 'singular'] },
          { form: 'hablo', tags: ['first-person', 'indicative', 'present', 'singular'] },
          { form: 'hablo', tags: ['first-person', 'present', 'singular'] },
          { form: 'habla\u0301is', tags: ['indicative', 'plural', 'present', 'second-person'] },
          { form: 'hablando', tags: ['gerund'] },
          { form: 'hablarse', tags: [] },
        ],
      },
      'es',
    );
    expect(entry.forms).toEqual([
      { surface: 'hablar', lemma: 'hablar', description: null },
      {
        surface: 'hablo',
        lemma: 'hablar',
        description: 'first-person singular present indicative of hablar',
      },
      {
        surface: 'habláis',
        lemma: 'hablar',
        description: 'second-person plural present indicative of hablar',
      },
      { surface: 'hablando', lemma: 'hablar', description: 'gerund of hablar' },
      { surface: 'hablarse', lemma: 'hablar', description: 'a form of hablar' },
    ]);
  });

  it('treats the word written with its reading aids as the word itself', () => {
    const entry = mapped(
      {
        word: 'снег',
        lang_code: 'ru',
        senses: [{ glosses: ['snow'] }],
        forms: [
          { form: 'сне́г', tags: ['nominative', 'singular'] },
          { form: 'сне́га', tags: ['genitive', 'singular'] },
          { form: 'снега́', tags: ['nominative', 'plural'] },
          { form: 'sneg', tags: [] },
        ],
      },
      'ru',
    );
    expect(entry.forms).toEqual([
      { surface: 'снег', lemma: 'снег', description: null },
      { surface: 'сне́га', lemma: 'снег', description: 'genitive singular of снег' },
      { surface: 'снега́', lemma: 'снег', description: 'nominative plural of снег' },
    ]);
  });

  it('gives an entry that is only a form no forms of its own', () => {
    const entry = mapped({ ...habló, forms: [{ form: 'hablós', tags: ['plural'] }] }, 'es');
    expect(entry.forms.map((form) => form.lemma)).toEqual(['hablar']);
  });

  it('normalises every string of the dump to NFC', () => {
    const entry = mapped(
      {
        word: 'e\u0301te\u0301',
        lang_code: 'fr',
        senses: [
          {
            glosses: ['summer'],
            examples: [{ text: 'l’e\u0301te\u0301', translation: 'the summer' }],
            tags: ['masculine'],
          },
        ],
        forms: [{ form: 'e\u0301te\u0301s', tags: ['plural'] }],
      },
      'fr',
    );
    expect(entry.lemma).toBe('\u00e9t\u00e9');
    expect(entry.senses[0]?.example).toBe('l’\u00e9t\u00e9');
    expect(entry.forms).toEqual([
      { surface: '\u00e9t\u00e9', lemma: '\u00e9t\u00e9', description: null },
      { surface: '\u00e9t\u00e9s', lemma: '\u00e9t\u00e9', description: 'plural of \u00e9t\u00e9' },
    ]);
  });

  it('gives a table form and the form-of entry of the same word the same description', () => {
    // hablar's rows for hable as wiktextract writes them for every -ar verb (see vivir's viva in the sample).
    const hablar = mapped(
      {
        word: 'hablar',
        lang_code: 'es',
        senses: [{ glosses: ['to speak'] }],
        forms: [
          {
            form: 'hable',
            tags: ['first-person', 'present', 'singular', 'subjunctive'],
            source: 'conjugation',
          },
          {
            form: 'hable',
            tags: ['present', 'singular', 'subjunctive', 'third-person'],
            source: 'conjugation',
          },
          {
            form: 'hable',
            tags: ['formal', 'imperative', 'second-person-semantically', 'singular', 'third-person'],
            source: 'conjugation',
          },
          { form: 'hable', tags: ['imperative', 'singular', 'third-person'], source: 'conjugation' },
          {
            form: 'hable',
            tags: [
              'formal',
              'imperative',
              'negative',
              'second-person-semantically',
              'singular',
              'third-person',
            ],
            source: 'conjugation',
          },
          {
            form: 'hable',
            tags: ['imperative', 'negative', 'singular', 'third-person'],
            source: 'conjugation',
          },
        ],
      },
      'es',
    );
    // hable's own entry, shaped like the sample's reciba: the lookup may pick either row, and reads the same.
    const hable = mapped(
      {
        word: 'hable',
        pos: 'verb',
        lang_code: 'es',
        senses: [
          {
            glosses: ['inflection of hablar:', 'first/third-person singular present subjunctive'],
            tags: ['first-person', 'form-of', 'present', 'singular', 'subjunctive', 'third-person'],
            form_of: [{ word: 'hablar' }],
          },
          {
            glosses: ['inflection of hablar:', 'third-person singular imperative'],
            tags: ['form-of', 'imperative', 'singular', 'third-person'],
            form_of: [{ word: 'hablar' }],
          },
        ],
      },
      'es',
    );
    const description =
      'first/third-person singular present subjunctive; third-person singular imperative of hablar';
    expect(hablar.forms).toEqual([
      { surface: 'hablar', lemma: 'hablar', description: null },
      { surface: 'hable', lemma: 'hablar', description },
    ]);
    expect(hable.forms).toEqual([{ surface: 'hable', lemma: 'hablar', description }]);
  });

  it('lists each surface once, where its first row is, with the rows that are no forms left out', () => {
    const entry = mapped(
      {
        word: 'hablar',
        lang_code: 'es',
        senses: [{ glosses: ['to speak'] }],
        forms: [
          { form: 'hablo', tags: ['first-person', 'indicative', 'present', 'singular'] },
          { form: 'hablas', tags: ['indicative', 'present', 'second-person', 'singular'] },
          { form: 'hablo', tags: ['romanization'] },
          { form: 'hablo', tags: ['first-person', 'indicative', 'present', 'singular'] },
          { form: 'habla', tags: ['indicative', 'present', 'singular', 'third-person'] },
          { form: 'habla', tags: ['imperative', 'informal', 'second-person', 'singular'] },
          { form: 'hablar', tags: ['infinitive'] },
          { form: 'hablar', tags: ['first-person', 'future', 'subjunctive', 'singular'] },
        ],
      },
      'es',
    );
    expect(entry.forms).toEqual([
      { surface: 'hablar', lemma: 'hablar', description: null },
      {
        surface: 'hablo',
        lemma: 'hablar',
        description: 'first-person singular present indicative of hablar',
      },
      {
        surface: 'hablas',
        lemma: 'hablar',
        description: 'second-person singular present indicative of hablar',
      },
      {
        surface: 'habla',
        lemma: 'hablar',
        description:
          'third-person singular present indicative; second-person singular imperative informal of hablar',
      },
    ]);
  });

  it('names three readings at most, then says how many more there are', () => {
    const tagLists = [
      ['nominative', 'singular'],
      ['genitive', 'plural'],
      ['dative', 'dual'],
      ['locative', 'singular', 'definite'],
      ['instrumental', 'plural', 'indefinite'],
      ['vocative', 'dual', 'definite'],
    ];
    const entry = mapped(
      {
        word: 'x',
        lang_code: 'sq',
        senses: [{ glosses: ['a word'] }],
        forms: tagLists.map((tags) => ({ form: 'xa', tags })),
      },
      'sq',
    );
    expect(entry.forms[1]?.description).toBe(
      'nominative singular; genitive plural; dative dual (+3 more) of x',
    );
  });

  it('names the lemma once after the readings of a form-of entry, and three readings at most', () => {
    const senses = ['first', 'second', 'third', 'fourth', 'fifth'].map((ordinal) => ({
      glosses: [`${ordinal} reading of hablar`],
      form_of: [{ word: 'hablar' }],
    }));
    expect(mapped({ word: 'hablx', lang_code: 'es', senses }, 'es').forms).toEqual([
      {
        surface: 'hablx',
        lemma: 'hablar',
        description: 'first reading; second reading; third reading (+2 more) of hablar',
      },
    ]);
    // Glosses that do not all end with the lemma are listed whole.
    const mixed = [
      { glosses: ['agent noun of fahren; driver (person)'], form_of: [{ word: 'fahren' }] },
      { glosses: ['third-person singular of fahren'], form_of: [{ word: 'fahren' }] },
    ];
    const link = mapped({ word: 'Fahrer', lang_code: 'de', senses: mixed }, 'de').forms.find(
      (form) => form.lemma === 'fahren',
    );
    expect(link?.description).toBe('agent noun of fahren; driver (person); third-person singular of fahren');
  });

  it('keys a curly apostrophe of the dump as the straight one a learner may type, and the other way', () => {
    const curly = mapWithKeys(
      {
        word: 'aujourd’hui',
        lang_code: 'fr',
        senses: [{ glosses: ['today'] }],
        forms: [{ form: 'Aujourdʼhui', tags: ['capitalized'] }],
      },
      'fr',
    );
    if (!curly.ok) throw new Error(curly.reason);
    const typed = normalizeLookup("aujourd'hui", 'fr')?.lower;
    expect(typed).toBe("aujourd'hui");
    // The table row differs only by its case and its apostrophe: it is the word itself.
    expect(curly.entry.forms).toEqual([
      { surface: 'aujourd’hui', lemma: 'aujourd’hui', description: null, key: typed },
    ]);

    // The sample writes d'accord with the ASCII apostrophe; a text typeset with ’ or ʼ finds it.
    const dAccord = sampleEntry("d'accord", 'fr').raw;
    const result = mapWithKeys(dAccord, 'fr');
    if (!result.ok) throw new Error(result.reason);
    expect(result.entry.forms[0]?.key).toBe("d'accord");
    for (const tapped of ['D’accord', 'd’accord,', 'dʼaccord']) {
      expect(normalizeLookup(tapped, 'fr')?.lower, tapped).toBe(result.entry.forms[0]?.key);
    }
  });
});

describe('describeForm', () => {
  it('orders the tags as English describes a form', () => {
    expect(describeForm(['indicative', 'preterite', 'singular', 'third-person'], 'hablar')).toBe(
      'third-person singular preterite indicative of hablar',
    );
    expect(describeForm(['plural', 'genitive'], 'Fuchs')).toBe('genitive plural of Fuchs');
    expect(describeForm(['participle', 'passive', 'past', 'singular', 'feminine'], 'přít')).toBe(
      'feminine singular past passive participle of přít',
    );
    expect(describeForm(['active', 'first-person', 'future', 'indicative', 'plural'], 'lego')).toBe(
      'first-person plural future indicative active of lego',
    );
  });

  it('keeps the other tags, in their given order, after the grammatical ones', () => {
    expect(describeForm(['formal', 'indicative', 'non-past', 'polite'], '읽다')).toBe(
      'non-past indicative formal polite of 읽다',
    );
    expect(describeForm(['subjunctive-ii', 'with-tú', 'object-first-person'], 'x')).toBe(
      'subjunctive II with tú object first-person of x',
    );
  });

  it('names a form by its kind when no grammatical tag says more', () => {
    expect(describeForm(['alternative', 'dialectal'], 'akull')).toBe('alternative dialectal form of akull');
    expect(describeForm(['diminutive'], 'Fuchs')).toBe('diminutive of Fuchs');
    expect(describeForm(['comparative'], 'iso')).toBe('comparative of iso');
  });

  it('leaves out the tags that say nothing to a learner', () => {
    expect(describeForm(['canonical', 'plural', 'declension-2', 'error-unrecognized-form'], 'domus')).toBe(
      'plural of domus',
    );
    expect(describeForm(['multiword-construction', 'infinitive'], 'prendre')).toBe('infinitive of prendre');
  });

  it('writes the choices of one tag list with a slash, a compound tense whole, and a kind without its family', () => {
    expect(describeForm(['accusative', 'nominative', 'plural'], 'iso')).toBe(
      'nominative/accusative plural of iso',
    );
    expect(describeForm(['genitive', 'masculine', 'neuter'], 'зимний')).toBe(
      'genitive masculine/neuter of зимний',
    );
    expect(describeForm(['animate', 'masculine', 'singular'], 'přít')).toBe(
      'animate masculine singular of přít',
    );
    expect(
      describeForm(['active', 'future', 'indicative', 'perfect', 'singular', 'third-person'], 'lego'),
    ).toBe('third-person singular future perfect indicative active of lego');
    expect(describeForm(['first-person', 'singular', 'subjunctive', 'subjunctive-ii'], 'pflegen')).toBe(
      'first-person singular subjunctive II of pflegen',
    );
    expect(
      describeForm(['first-person', 'imperfect', 'imperfect-se', 'singular', 'subjunctive'], 'vivir'),
    ).toBe('first-person singular imperfect (-se) subjunctive of vivir');
  });

  it('says "a form of" when no tag is usable', () => {
    expect(describeForm([], 'hablar')).toBe('a form of hablar');
    expect(describeForm(['canonical', 'multiword-construction', 'form-of'], 'hablar')).toBe(
      'a form of hablar',
    );
  });
});

describe('describeForms', () => {
  it('joins readings that differ in one word, as Wiktionary writes them', () => {
    expect(
      describeForms(
        [
          ['first-person', 'present', 'singular', 'subjunctive'],
          ['present', 'singular', 'subjunctive', 'third-person'],
        ],
        'hablar',
      ),
    ).toBe('first/third-person singular present subjunctive of hablar');
    // Every combination of first/third-person and indicative/subjunctive: one reading.
    expect(
      describeForms(
        [
          ['first-person', 'indicative', 'present', 'singular'],
          ['indicative', 'present', 'singular', 'third-person'],
          ['first-person', 'present', 'singular', 'subjunctive'],
          ['present', 'singular', 'subjunctive', 'third-person'],
        ],
        'sembler',
      ),
    ).toBe('first/third-person singular present indicative/subjunctive of sembler');
  });

  it('keeps apart readings that differ in more than one word, in the order of their rows', () => {
    expect(
      describeForms(
        [
          ['first-person', 'indicative', 'present', 'singular'],
          ['present', 'singular', 'subjunctive', 'third-person'],
        ],
        'sembler',
      ),
    ).toBe('first-person singular present indicative; third-person singular present subjunctive of sembler');
    // Different qualifiers are different readings: the vos form is not the plural.
    expect(
      describeForms(
        [
          ['indicative', 'informal', 'present', 'second-person', 'singular', 'vos-form'],
          ['indicative', 'plural', 'present', 'second-person'],
        ],
        'vivir',
      ),
    ).toBe(
      'second-person singular present indicative informal vos form; second-person plural present indicative of vivir',
    );
  });

  it('leaves out a reading that another says in full, and tag lists that say nothing', () => {
    expect(
      describeForms([['plural'], ['canonical'], ['genitive', 'plural'], ['genitive', 'plural']], 'Fuchs'),
    ).toBe('genitive plural of Fuchs');
    expect(
      describeForms(
        [
          ['imperative', 'negative', 'singular'],
          ['imperative', 'singular'],
        ],
        'x',
      ),
    ).toBe('singular imperative of x');
    expect(describeForms([['canonical'], ['table-tags']], 'x')).toBe('a form of x');
    expect(describeForms([], 'x')).toBe('a form of x');
  });

  it('says the same as describeForm for a single tag list', () => {
    const tags = ['indicative', 'preterite', 'singular', 'third-person'];
    expect(describeForms([tags], 'hablar')).toBe(describeForm(tags, 'hablar'));
  });
});

describe('mapWiktextractRows', () => {
  it('gives every form of the real sample the description mapWiktextractEntry gives it, in two parts or whole', () => {
    let ofLemma = 0;
    let whole = 0;
    for (const raw of sampleEntries()) {
      const language = languageOf(raw);
      const rowsResult = mapWiktextractRows(raw, language);
      const entryResult = mapWithKeys(raw, language);
      if (!rowsResult.ok || !entryResult.ok) {
        expect(rowsResult.ok).toBe(entryResult.ok);
        continue;
      }
      const forms = rowsResult.entry.forms;
      expect(forms.map(({ surface, lemma, key }) => ({ surface, lemma, key }))).toEqual(
        entryResult.entry.forms.map(({ surface, lemma, key }) => ({ surface, lemma, key })),
      );
      forms.forEach((form, index) => {
        const description = entryResult.entry.forms[index]?.description;
        expect(describeRow(form), form.surface).toBe(description);
        if (form.phrase === null) return;
        if (form.isOfLemma) {
          expect(description).toBe(`${form.phrase} of ${form.lemma}`);
          ofLemma += 1;
        } else {
          expect(description).toBe(form.phrase);
          whole += 1;
        }
      });
    }
    expect(ofLemma).toBeGreaterThan(1000);
    expect(whole).toBeGreaterThan(5);
  });

  it('stores the phrase alone when a description ends with its lemma, and the whole of any other', () => {
    const rowsOf = (word: string, language: string) => {
      const { raw } = sampleEntry(word, language);
      const result = mapWiktextractRows(raw, language);
      if (!result.ok) throw new Error(result.reason);
      return result.entry.forms;
    };
    // A table form: its phrase is shared by the same form of every other verb.
    expect(rowsOf('vivir', 'es').find((form) => form.surface === 'vivo')).toMatchObject({
      lemma: 'vivir',
      phrase: 'first-person singular present indicative',
      isOfLemma: true,
    });
    // The lemma printed with its stress mark, and its transliteration after it: the gloss is kept whole.
    expect(rowsOf('возник', 'ru')).toEqual([
      {
        surface: 'возник',
        lemma: 'возникнуть',
        key: 'возник',
        phrase: 'short masculine singular past indicative perfective of возни́кнуть (vozníknutʹ)',
        isOfLemma: false,
      },
    ]);
    // A gloss of its own after the lemma.
    expect(rowsOf('Fahrer', 'de').find((form) => form.lemma === 'fahren')).toMatchObject({
      phrase: 'agent noun of fahren; driver (person)',
      isOfLemma: false,
    });
    // A form-of gloss that names its lemma last, as the table forms do.
    expect(rowsOf('býr', 'is')).toMatchObject([
      { lemma: 'búa', phrase: 'third-person singular present indicative', isOfLemma: true },
    ]);
  });
});
