// The Anki package of the saved words (issue 22), read back as Anki would read it: a zip of collection.anki2
// in the legacy schema 11 and an empty media map; a note per word with its card; the note type, decks and
// options with the fields Anki requires; the word in bold in its sentence; readings from the analysers only.
import { describe, expect, it } from 'vitest';
import { deckNames, readApkg } from '#server/testing/apkg.ts';
import {
  type AnkiNote,
  apkgFileName,
  deckId,
  decksOf,
  fieldChecksum,
  highlightWord,
  noteFields,
  noteGuid,
  readingOf,
  writeApkg,
} from './apkg.ts';
import { NOTE_FIELDS, NOTE_TYPE_ID, NOTE_TYPE_NAME } from './apkg-collection.ts';

const NOW = new Date('2026-03-04T17:05:00.000Z');

const HABLO: AnkiNote = {
  language: 'es',
  word: 'habló',
  reading: null,
  meaning: 'to speak',
  sentence: 'Ella habló con el mar.',
};

describe('highlightWord', () => {
  it('sets each occurrence of the word in bold, in any case, and escapes the rest', () => {
    expect(highlightWord('Habló <y> habló & "rió".', 'habló', 'es')).toBe(
      '<b>Habló</b> &lt;y&gt; <b>habló</b> &amp; &quot;rió&quot;.',
    );
  });

  it('finds only whole words where words are parted by spaces, and any run in Japanese or Chinese', () => {
    expect(highlightWord('Ella vio el mar. El sol.', 'el', 'es')).toBe(
      'Ella vio <b>el</b> mar. <b>El</b> sol.',
    );
    expect(highlightWord('Elle est là, elles aussi.', 'elle', 'fr')).toBe('<b>Elle</b> est là, elles aussi.');
    expect(highlightWord('我去银行。', '银行', 'zh')).toBe('我去<b>银行</b>。');
    expect(highlightWord('私は本を読みました。', '読みました', 'ja')).toBe('私は本を<b>読みました</b>。');
  });

  it("matches the key's apostrophe to a typographic one, and reads a word's other marks literally", () => {
    expect(highlightWord('Aujourd’hui il pleut.', "aujourd'hui", 'fr')).toBe('<b>Aujourd’hui</b> il pleut.');
    expect(highlightWord('a.b axb', 'a.b', 'es')).toBe('<b>a.b</b> axb');
    expect(highlightWord('Un arc-en-ciel.', 'arc-en-ciel', 'fr')).toBe('Un <b>arc-en-ciel</b>.');
    expect(highlightWord('x ^$\\.*+?()[]{}|/ y', '^$\\.*+?()[]{}|/', 'es')).toBe(
      'x <b>^$\\.*+?()[]{}|/</b> y',
    );
    expect(highlightWord('Nada aquí.', 'mar', 'es')).toBe('Nada aquí.');
  });
});

describe('the note', () => {
  it('has the fields Word, Reading, Meaning, Sentence as HTML, an empty field for a missing part', () => {
    expect(
      noteFields({
        language: 'fr',
        word: 'lune',
        reading: null,
        meaning: 'moon\nsatellite <b>',
        sentence: null,
      }),
    ).toEqual(['lune', '', 'moon<br>satellite &lt;b&gt;', '']);
    expect(noteFields(HABLO)).toEqual(['habló', '', 'to speak', 'Ella <b>habló</b> con el mar.']);
  });

  it("keeps one guid for a language's word in every export, and the Anki checksum of the word", () => {
    expect(noteGuid('es', 'habló')).toBe(noteGuid('es', 'habló'));
    expect(noteGuid('es', 'habló')).not.toBe(noteGuid('pt', 'habló'));
    expect(noteGuid('es', 'habló')).toMatch(/^[\x21-\x7e]{1,11}$/);
    // sha1('dog') = e4951252…: the first 8 hex digits as a number.
    expect(fieldChecksum('dog')).toBe(0xe4951252);
  });
});

describe('writeApkg', () => {
  it('writes a schema 11 collection and an empty media map, which read back', async () => {
    const apkg = await readApkg(
      await writeApkg([HABLO], [{ language: 'es', name: 'Catamaran — Spanish' }], NOW),
    );

    expect(apkg.files).toEqual(['collection.anki2', 'media']);
    expect(apkg.media).toEqual({});
    expect(apkg.version).toBe(11);
    expect(apkg.tables).toEqual(['cards', 'col', 'graves', 'notes', 'revlog']);
    expect(apkg.indexes).toEqual([
      'ix_cards_nid',
      'ix_cards_sched',
      'ix_cards_usn',
      'ix_notes_csum',
      'ix_notes_usn',
      'ix_revlog_cid',
      'ix_revlog_usn',
    ]);
  });

  it('holds a note and a new card per word, in order, in its language deck', async () => {
    const notes: AnkiNote[] = [
      HABLO,
      { language: 'fr', word: 'chat', reading: null, meaning: 'cat', sentence: 'Le chat dort.' },
      { language: 'es', word: 'perro', reading: null, meaning: null, sentence: null },
    ];
    const decks = [
      { language: 'es', name: 'Catamaran — Spanish' },
      { language: 'fr', name: 'Catamaran — French' },
    ];
    const apkg = await readApkg(await writeApkg(notes, decks, NOW));

    expect(apkg.notes.map((note) => note.fields)).toEqual([
      ['habló', '', 'to speak', 'Ella <b>habló</b> con el mar.'],
      ['chat', '', 'cat', 'Le <b>chat</b> dort.'],
      ['perro', '', '', ''],
    ]);
    expect(apkg.notes[0]).toMatchObject({
      guid: noteGuid('es', 'habló'),
      mid: NOTE_TYPE_ID,
      sfld: 'habló',
      csum: fieldChecksum('habló'),
      tags: ' catamaran ',
    });
    const ids = [...apkg.notes.map((note) => note.id), ...apkg.cards.map((card) => card.id)];
    expect(new Set(ids).size).toBe(6);
    expect(Math.max(...ids)).toBeLessThanOrEqual(NOW.getTime());
    expect(Math.min(...ids)).toBeGreaterThan(NOW.getTime() - 1000);
    expect(
      apkg.cards.map(({ nid, did, ord, type, queue, due }) => [nid, did, ord, type, queue, due]),
    ).toEqual([
      [apkg.notes[0]?.id, deckId('es'), 0, 0, 0, 1],
      [apkg.notes[1]?.id, deckId('fr'), 0, 0, 0, 2],
      [apkg.notes[2]?.id, deckId('es'), 0, 0, 0, 3],
    ]);
    expect(apkg.conf).toMatchObject({ nextPos: 4, curModel: String(NOTE_TYPE_ID) });
    expect(deckNames(apkg)).toEqual(['Catamaran — French', 'Catamaran — Spanish']);
  });

  it('describes the note type, the decks and the options with the fields Anki requires', async () => {
    const apkg = await readApkg(await writeApkg([], [{ language: 'ja', name: 'Catamaran — Japanese' }], NOW));
    const model = apkg.models[String(NOTE_TYPE_ID)];

    expect(apkg.notes).toEqual([]);
    expect(model).toMatchObject({ name: NOTE_TYPE_NAME, type: 0, sortf: 0, usn: -1, did: deckId('ja') });
    expect(model?.flds.map((field) => [field.ord, field.name])).toEqual(
      NOTE_FIELDS.map((name, ord) => [ord, name]),
    );
    expect(model?.flds[0]).toMatchObject({ sticky: false, rtl: false, font: 'Arial', size: 20 });
    expect(model?.tmpls).toHaveLength(1);
    expect(model?.tmpls[0]?.qfmt).toBe('<div class="word" dir="auto">{{Word}}</div>');
    for (const part of ['{{FrontSide}}', '{{Reading}}', '{{Meaning}}', '{{Sentence}}']) {
      expect(model?.tmpls[0]?.afmt).toContain(part);
    }
    expect(model?.tmpls[0]?.qfmt).not.toContain('{{Meaning}}');
    expect(model?.req).toEqual([[0, 'all', [0]]]);
    expect(apkg.decks[String(deckId('ja'))]).toMatchObject({
      id: deckId('ja'),
      name: 'Catamaran — Japanese',
      dyn: 0,
      conf: 1,
      collapsed: false,
      usn: -1,
      newToday: [0, 0],
      revToday: [0, 0],
      lrnToday: [0, 0],
      timeToday: [0, 0],
    });
    expect(apkg.decks['1']).toMatchObject({ name: 'Default', conf: 1 });
    expect(apkg.dconf['1']).toMatchObject({
      id: 1,
      name: 'Default',
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      new: { delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
      rev: { ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
    });
  });
});

describe('readingOf', () => {
  it('gives a Chinese word its pinyin and a Japanese word its kana, read where it stands in its sentence', () => {
    expect(readingOf({ language: 'zh', word: '银行', sentence: '我明天去银行取钱。' })).toBe('yín háng');
    expect(readingOf({ language: 'zh', word: '图书馆', sentence: null })).toBe('tú shū guǎn');
    expect(readingOf({ language: 'ja', word: '食べました', sentence: '私はりんごを食べました。' })).toBe(
      'たべました',
    );
    expect(readingOf({ language: 'ja', word: '図書館', sentence: null })).toBe('としょかん');
  });

  it('gives none to a word without kanji or hanzi, or to a language without readings', () => {
    expect(readingOf({ language: 'ja', word: 'ありがとう', sentence: null })).toBeNull();
    expect(readingOf({ language: 'es', word: 'habló', sentence: 'Ella habló.' })).toBeNull();
    expect(readingOf({ language: 'ko', word: '學校', sentence: null })).toBeNull();
  });
});

describe('the decks and the file', () => {
  it('makes a deck per language named by the language, the one asked for even when empty', () => {
    const names = new Map([
      ['es', 'Spanish'],
      ['fr', 'French'],
    ]);
    expect(decksOf([{ language: 'fr' }, { language: 'es' }, { language: 'fr' }], names, undefined)).toEqual([
      { language: 'fr', name: 'Catamaran — French' },
      { language: 'es', name: 'Catamaran — Spanish' },
    ]);
    expect(decksOf([], names, 'es')).toEqual([{ language: 'es', name: 'Catamaran — Spanish' }]);
    expect(decksOf([], names, undefined)).toEqual([{ language: '', name: 'Catamaran' }]);
    expect(apkgFileName('es', NOW)).toBe('catamaran-words-es-2026-03-04.apkg');
    expect(apkgFileName(undefined, NOW)).toBe('catamaran-words-2026-03-04.apkg');
  });
});
