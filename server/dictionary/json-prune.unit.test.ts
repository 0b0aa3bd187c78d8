import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneLine, READ_NAMES } from './json-prune.ts';
import { mapWiktextractRows } from './wiktextract.ts';

const SAMPLE_LINES = readFileSync(
  join(process.cwd(), 'tests/fixtures/kaikki/wiktextract-en-edition-sample.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '');

/** The pruned text of a line, or undefined when pruneLine leaves it whole. */
function pruned(line: string): string | undefined {
  const bytes = Buffer.from(line, 'utf8');
  // The line sits between others in a batch's buffer: nothing past its end may be read as part of it.
  const batch = Buffer.concat([Buffer.from('{"word":"before"}'), bytes, Buffer.from('}]"x\\u0041 {')]);
  const out = Buffer.alloc(bytes.length);
  const length = pruneLine(batch, 17, 17 + bytes.length, out);
  return length < 0 ? undefined : out.toString('utf8', 0, length);
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** What the importer makes of a line: parsed (or not), then mapped for a few languages. */
function outcome(text: string): unknown {
  const result = parsed(text);
  if (!result.ok) return 'malformed JSON';
  const { value } = result;
  const code = (value as { lang_code?: unknown } | null)?.lang_code;
  return {
    code,
    mapped: ['es', 'de', 'fr', 'ja', 'la', 'ru'].map((language) => mapWiktextractRows(value, language)),
  };
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pruneLine', () => {
  it('leaves out of the real sample only what the mapper never reads', () => {
    let before = 0;
    let after = 0;
    for (const line of SAMPLE_LINES) {
      const text = pruned(line);
      expect(text, line.slice(0, 60)).toBeDefined();
      expect(outcome(text ?? '')).toEqual(outcome(line));
      before += line.length;
      after += text?.length ?? 0;
    }
    // Most of a real line is what the dictionary does not store.
    expect(after).toBeLessThan(before * 0.6);
  });

  it('keeps every member the mapper reads, at any depth, and drops the others', () => {
    const line = JSON.stringify({
      word: 'hablar',
      categories: ['Spanish verbs', { nested: [1, 2.5e-3, true, null] }],
      senses: [{ glosses: ['to speak'], links: [['speak', 'speak']], tags: ['intransitive'] }],
      sounds: [{ ipa: '/aˈβlaɾ/' }, { mp3_url: 'https://upload.wikimedia.org/a.mp3' }],
      lang_code: 'es',
    });
    expect(JSON.parse(pruned(line) ?? '')).toEqual({
      word: 'hablar',
      senses: [{ glosses: ['to speak'], tags: ['intransitive'] }],
      sounds: [{}, { mp3_url: 'https://upload.wikimedia.org/a.mp3' }],
      lang_code: 'es',
    });
    for (const name of READ_NAMES) {
      expect(JSON.parse(pruned(`{"x": {"${name}": [1, {"${name}": "\\u0041\\n"}]}}`) ?? '')).toEqual({});
      expect(JSON.parse(pruned(`{"${name}": [1, {"${name}": "\\u0041\\n"}]}`) ?? '')).toEqual({
        [name]: [1, { [name]: 'A\n' }],
      });
    }
  });

  it('keeps a name written with an escape, which may spell a read name', () => {
    expect(JSON.parse(pruned('{"w\\u006frd": "hablar", "lang\\u005fcode": "es"}') ?? '')).toEqual({
      word: 'hablar',
      lang_code: 'es',
    });
  });

  it('never makes a malformed line parse', () => {
    const malformed = [
      '{"word": "a", "gloss": "x,"categories": [], y"}',
      '{"word": "a", "categories": [1,]}',
      '{"word": "a", "categories": [tru]}',
      '{"word": "a", "categories": "\u0001"}',
      '{"word": "a", "categories": "\\q"}',
      '{"word": "a", "categories": "\\u12G4"}',
      '{"word": "a", "categories": 01}',
      '{"word": "a", "categories": -}',
      '{"word": "a", "categories": 1.}',
      '{"word": "a", "categories": 1e}',
      '{"word": "a", "categories": {"a" 1}}',
      '{"word": "a", "categories": {"a": 1,}}',
      '{"word": "a", "categories": {1: 1}}',
      '{"word": "a", "categories": [}',
      '{"word": "a", "cat\u0001": 1}',
      '{"word": "a", "etymology_text": "x',
      '{"word": "a"} x',
      '{"word": "a",}',
      '{, "word": "a"}',
      '{"word": "a" "pos": "b"}',
      '{"categories": []}{"word": "a"}',
      '{"word": "a", "categories": [\u00a01]}',
      `{"word": "a", "categories": ${'['.repeat(70)}${']'.repeat(70)}}`,
      '["word", "a"]',
    ];
    for (const line of malformed) {
      const text = pruned(line);
      if (text !== undefined) expect(outcome(text), line).toEqual(outcome(line));
    }
  });

  it('keeps a line as it parses, whatever is changed in it (a fuzz of the real sample)', () => {
    const next = random(25);
    const alphabet = '{}[]":,\\ \tu0aeE.-+1xtrufnl\u0001é';
    let pruning = 0;
    let malformed = 0;
    for (let round = 0; round < 4000; round++) {
      const line = SAMPLE_LINES[Math.floor(next() * SAMPLE_LINES.length)] ?? '';
      let changed = line;
      for (let edit = 1 + Math.floor(next() * 3); edit > 0; edit--) {
        const at = Math.floor(next() * changed.length);
        const character = alphabet[Math.floor(next() * alphabet.length)] ?? '';
        const kind = next();
        if (kind < 0.4) changed = changed.slice(0, at) + changed.slice(at + 1);
        else if (kind < 0.7) changed = changed.slice(0, at) + character + changed.slice(at);
        else changed = changed.slice(0, at) + character + changed.slice(at + 1);
      }
      const text = pruned(changed);
      if (text === undefined) continue;
      pruning++;
      const whole = outcome(changed);
      if (whole === 'malformed JSON') malformed++;
      expect(outcome(text), changed).toEqual(whole);
    }
    // Both ways are tried: lines that parse, and malformed ones that pruneLine copied (JSON.parse refuses them).
    expect(pruning - malformed).toBeGreaterThan(500);
    expect(malformed).toBeGreaterThan(50);
  });
});
