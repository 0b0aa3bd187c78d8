// GET /api/dict/lookup/ on dictionaries imported from lines in wiktextract's real shapes (issue 21): words
// whose lemma the dump lacks, derived words, abbreviations and forms with their marks, affixes, Chinese across
// scripts, Korean and Turkish stems, and the reader's dictionary form sent with the word.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LookupResult } from '#common/schemas/dictionary.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { importDictionary } from '#server/testing/dictionaries.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { lookup } from './service.ts';
import { MAX_STEMS } from './stems.ts';

const t = setupTestApp();
let token = '';

const FIXTURES = resolve(import.meta.dirname, '../../../tests/fixtures');
const fixture = (name: string) => readFileSync(resolve(FIXTURES, name), 'utf8');

const importDump = (source: string, text: string) => importDictionary(t, source, text);

beforeAll(async () => {
  token = (await signIn(t.db, await createUser(t.db))).accessToken;
  const sample = fixture('kaikki/wiktextract-en-edition-sample.jsonl');
  await importDump('fr', fixture('wiktextract-fr-form-of-only.jsonl'));
  await importDump('de', sample + fixture('wiktextract-de-derived-and-marked.jsonl'));
  await importDump('ko', sample + fixture('wiktextract-ko-particles.jsonl'));
  await importDump('tr', fixture('wiktextract-tr-suffixes.jsonl'));
  await importDump('zh', fixture('wiktextract-zh-scripts.jsonl'));
}, 60_000);

async function lookUp(language: string, surface: string, lemma?: string) {
  const query = new URLSearchParams({ language, surface, ...(lemma === undefined ? {} : { lemma }) });
  return t.get<LookupResult & { error?: string }>(`/api/dict/lookup/?${query}`, { token });
}

async function found(language: string, surface: string, lemma?: string): Promise<LookupResult> {
  const response = await lookUp(language, surface, lemma);
  expect(response.status).toBe(200);
  return response.body;
}

describe('a word the dump has only as a form of a word it lacks', () => {
  it('is found, with the lemma it names and what it is as its translation', async () => {
    expect(await found('fr', 'abluent')).toEqual({
      found: true,
      lemma: 'abluer',
      pos: null,
      form: 'third-person plural present indicative/subjunctive of abluer',
      translations: [
        {
          gloss: 'third-person plural present indicative/subjunctive of abluer',
          definition: 'third-person plural present indicative/subjunctive of abluer',
          example: null,
          source: 'wiktextract',
        },
      ],
    });
    expect(await found('fr', 'Tables,')).toMatchObject({
      found: true,
      lemma: 'table',
      form: 'plural of table',
    });
  });

  it("still gives the lemma's translations when the dump has the lemma", async () => {
    expect(await found('fr', 'chantent')).toMatchObject({
      lemma: 'chanter',
      form: 'third-person plural present indicative of chanter',
      translations: [{ gloss: 'to sing' }],
    });
  });
});

describe('a derived word', () => {
  it('answers with its own senses, and its forms lead to it', async () => {
    expect(await found('de', 'Fahrer')).toMatchObject({
      lemma: 'Fahrer',
      pos: 'noun',
      form: null,
      translations: [{ gloss: 'agent noun of fahren; driver (person)' }],
    });
    expect(await found('de', 'Fahrers')).toMatchObject({
      lemma: 'Fahrer',
      form: 'genitive singular of Fahrer',
    });
    expect(await found('de', 'Fahrern')).toMatchObject({
      lemma: 'Fahrer',
      form: 'dative plural definite of Fahrer',
    });
    expect(await found('de', 'Fahrerin')).toMatchObject({
      lemma: 'Fahrerin',
      translations: [{ gloss: 'female equivalent of Fahrer; female driver' }],
    });
    expect(await found('de', 'Fahrerinnen')).toMatchObject({ lemma: 'Fahrerin', form: 'plural of Fahrerin' });
  });
});

describe('abbreviations, forms with their marks, and affixes', () => {
  it('finds an abbreviation tapped with its period, and prefers it over the word without', async () => {
    expect(await found('de', 'Jan.')).toMatchObject({
      found: true,
      lemma: 'Januar',
      translations: [{ gloss: 'January' }],
    });
    expect(await found('de', 'v.')).toMatchObject({ lemma: 'von', form: 'alternative abbreviation of von' });
    expect(await found('de', 'v')).toMatchObject({ lemma: 'v', form: null });
  });

  it('finds a form stored with its exclamation mark, and prefers it when tapped so', async () => {
    expect(await found('de', 'sei!')).toMatchObject({
      lemma: 'sein',
      form: 'second-person singular imperative of sein',
    });
    expect(await found('de', 'sei')).toMatchObject({
      lemma: 'sein',
      form: 'first-person singular subjunctive I of sein',
    });
  });

  it('answers a word before an affix that shares its key: Er at the start of a sentence is he, not -er', async () => {
    expect(await found('de', 'Er')).toMatchObject({ lemma: 'er', translations: [{ gloss: 'he' }] });
    expect(await found('de', 'er')).toMatchObject({ lemma: 'er' });
  });

  it('finds an affix entry by the word a tap leaves of it', async () => {
    expect(await found('ko', '-에서')).toMatchObject({ lemma: '-에서', pos: 'particle' });
    expect(await found('ko', '에서')).toMatchObject({ lemma: '-에서' });
  });
});

describe('Korean and Turkish words the dictionary lacks', () => {
  it('answer with the stem when what is cut off is a known particle or suffix', async () => {
    expect(await found('ko', '학교에서')).toMatchObject({
      found: true,
      lemma: '학교',
      form: '학교 + -에서',
      translations: [{ gloss: 'school' }],
    });
    expect(await found('ko', '학교에서는')).toMatchObject({ lemma: '학교', form: '학교 + -에서 + -는' });
    expect(await found('ko', '친구가')).toMatchObject({ lemma: '친구', form: '친구 + -가' });
    expect(await found('tr', 'okulda')).toMatchObject({ lemma: 'okul', form: 'okul + -da' });
    expect(await found('tr', 'evlerimizden')).toMatchObject({
      lemma: 'ev',
      form: 'ev + -ler + -imiz + -den',
    });
    expect(await found('tr', 'kitabı')).toMatchObject({ lemma: 'kitap', form: 'kitap + -ı' });
  });

  it('keep a form the dictionary lists, and are not found when the ending does not fit', async () => {
    expect(await found('tr', 'okulu')).toMatchObject({
      lemma: 'okul',
      form: 'accusative singular definite of okul',
    });
    expect((await found('ko', '학교을')).found).toBe(false);
    expect((await found('tr', 'okulde')).found).toBe(false);
    // 가 alone is the particle -가, not a stem: 친구 is the stem of 친구가, 가 is no stem of anything.
    expect((await found('ko', '가에서')).found).toBe(false);
  });
});

describe('Chinese across scripts', () => {
  it('finds a simplified headword from its traditional spelling, and back', async () => {
    expect(await found('zh', '圖書館')).toMatchObject({
      found: true,
      lemma: '图书馆',
      translations: [{ gloss: 'library' }],
    });
    expect(await found('zh', '头发')).toMatchObject({ found: true, lemma: '頭髮' });
    expect(await found('zh', '图书馆')).toMatchObject({ lemma: '图书馆' });
  });
});

describe('the cost of a lookup', () => {
  /** How many indexed queries of the dictionary's tables a lookup makes. */
  async function queriesOf(language: string, surface: string, lemma?: string): Promise<number> {
    const spy = vi.spyOn(t.app.pool, 'query');
    try {
      await lookup(t.app.pool, { language, target: 'en', surface, ...(lemma ? { lemma } : {}) });
      return spy.mock.calls.filter(([config]) =>
        String((config as { name?: string }).name).startsWith('dictionary-lookup-'),
      ).length;
    } finally {
      spy.mockRestore();
    }
  }

  it('is one indexed query for a word found as tapped, or not found in a language without stems', async () => {
    expect(await queriesOf('de', 'Fahrers')).toBe(1);
    expect(await queriesOf('de', 'Fahrer', 'Fahrer')).toBe(1);
    expect(await queriesOf('fr', 'zzzz')).toBe(1);
    expect(await queriesOf('de', 'Fahrers', 'Fahrer')).toBe(1);
  });

  it('is one query per spelling or stem tried, a few at most', async () => {
    expect(await queriesOf('ko', '학교에서')).toBe(2);
    // A traditional word the dictionary lacks, sent with its simplified lemma: the spellings they share (the
    // same two scripts) are asked once, not once for each.
    const alone = await queriesOf('zh', '圖書室');
    expect(alone).toBeGreaterThanOrEqual(2);
    expect(await queriesOf('zh', '圖書室', '图书室')).toBe(alone);
    expect(await queriesOf('tr', 'zzzzlerimizden')).toBeLessThanOrEqual(1 + MAX_STEMS);
  });
});

describe('the lemma parameter', () => {
  it('looks up the dictionary form first, then the word as tapped, in one request', async () => {
    expect(await found('de', 'Fahrers', 'Fahrer')).toMatchObject({ lemma: 'Fahrer', form: null });
    // A dictionary form the dictionary lacks: the surface answers.
    expect(await found('de', 'Fahrers', 'Fahrerx')).toMatchObject({
      lemma: 'Fahrer',
      form: 'genitive singular of Fahrer',
    });
    // A lemma alone is enough, and an empty one is no lemma.
    expect(await found('de', '', 'Januar')).toMatchObject({ lemma: 'Januar' });
    expect(await found('de', 'Januar', '')).toMatchObject({ lemma: 'Januar' });
  });

  it('answers apart the same surface with two lemmas (the cache keys on both)', async () => {
    expect(await found('de', 'v', 'von')).toMatchObject({ lemma: 'von' });
    expect(await found('de', 'v')).toMatchObject({ lemma: 'v' });
    expect(await found('de', 'v', 'Januar')).toMatchObject({ lemma: 'Januar' });
  });

  it('answers a bad lemma with 400 and a sentence', async () => {
    const tooLong = await lookUp('de', 'Fahrer', 'x'.repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: 'lemma is too long.' });
    const twice = await t.get<{ error: string }>('/api/dict/lookup/?language=de&surface=a&lemma=a&lemma=b', {
      token,
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ error: 'lemma must be a word.' });
  });
});

describe("a word's recording (issue 23)", () => {
  it('comes with the word whose entry has one, from Wikimedia Commons', async () => {
    expect((await found('de', 'Herz')).audio_url).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/transcoded/5/56/De-Herz.ogg/De-Herz.ogg.mp3',
    );
  });

  it('never with a form of it: the recording says the lemma, not what was tapped', async () => {
    const form = await found('de', 'pflegte');
    expect(form).toMatchObject({ found: true, lemma: 'pflegen' });
    expect(form.audio_url).toBeUndefined();
    expect((await found('de', 'pflegen')).audio_url).toMatch(
      /^https:\/\/upload\.wikimedia\.org\/.+De-pflegen/,
    );
  });

  it('is left out where the entry has none', async () => {
    const answer = await found('tr', 'okul');
    expect(answer.found).toBe(true);
    expect('audio_url' in answer).toBe(false);
  });
});
