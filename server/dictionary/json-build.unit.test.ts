import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildLine, NOT_BUILT } from './json-build.ts';
import { pruneLine, READ_NAMES } from './json-prune.ts';
import { mapWiktextractRows } from './wiktextract.ts';

const SAMPLE_LINES = readFileSync(
  join(process.cwd(), 'tests/fixtures/kaikki/wiktextract-en-edition-sample.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '');

/** A line's bytes between others in a batch's buffer: nothing past its ends may be read as part of it. */
function inBatch(bytes: Buffer): { batch: Buffer; start: number; end: number } {
  const before = Buffer.from('{"word":"before"}');
  const batch = Buffer.concat([before, bytes, Buffer.from('}]"x\\u0041 {')]);
  return { batch, start: before.length, end: before.length + bytes.length };
}

function built(line: string | Buffer): unknown {
  const { batch, start, end } = inBatch(typeof line === 'string' ? Buffer.from(line, 'utf8') : line);
  return buildLine(batch, start, end);
}

/** What the import made of a line before buildLine: pruned (or whole) and parsed; undefined when malformed. */
function parsedAsBefore(line: string | Buffer): { value: unknown } | undefined {
  const bytes = typeof line === 'string' ? Buffer.from(line, 'utf8') : line;
  const { batch, start, end } = inBatch(bytes);
  const out = Buffer.alloc(bytes.length);
  const length = pruneLine(batch, start, end, out);
  try {
    return { value: JSON.parse(length < 0 ? bytes.toString('utf8') : out.toString('utf8', 0, length)) };
  } catch {
    return undefined;
  }
}

/** What the mapper makes of a parsed line for a few languages, with its language code. */
function outcome(value: unknown): unknown {
  const code = (value as { lang_code?: unknown } | null)?.lang_code;
  return {
    code,
    mapped: ['es', 'de', 'fr', 'ja', 'la', 'ru'].map((language) => mapWiktextractRows(value, language)),
  };
}

/** buildLine answers what pruning and parsing made, or leaves the line to them. */
function expectSameOrLeft(line: string | Buffer): boolean {
  const value = built(line);
  if (value === NOT_BUILT) return false;
  const before = parsedAsBefore(line);
  expect(before, String(line)).toBeDefined();
  expect(isDeepStrictEqual(value, before?.value), String(line)).toBe(true);
  return true;
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

describe('buildLine', () => {
  it('makes every line of the real sample as pruning and parsing did, and the mapper maps it the same', () => {
    for (const line of SAMPLE_LINES) {
      const value = built(line);
      expect(value, line.slice(0, 60)).not.toBe(NOT_BUILT);
      expect(isDeepStrictEqual(value, parsedAsBefore(line)?.value), line.slice(0, 60)).toBe(true);
      expect(outcome(value)).toEqual(outcome(JSON.parse(line)));
    }
  });

  it('keeps the read members at any depth and in any order, and leaves the others out', () => {
    const line = JSON.stringify({
      lang_code: 'es',
      categories: ['Spanish verbs', { nested: [1, 2.5e-3, true, null, { word: 'x' }] }],
      sounds: [{ ipa: '/aˈβlaɾ/' }, { mp3_url: 'https://upload.wikimedia.org/a.mp3' }],
      senses: [{ tags: ['intransitive'], links: [['speak', 'speak']], glosses: ['to speak'], x: false }],
      word: 'hablar',
    });
    expect(built(line)).toEqual({
      lang_code: 'es',
      sounds: [{}, { mp3_url: 'https://upload.wikimedia.org/a.mp3' }],
      senses: [{ tags: ['intransitive'], glosses: ['to speak'] }],
      word: 'hablar',
    });
    for (const name of READ_NAMES) {
      expect(built(`{"x": {"${name}": [1, {"${name}": "\\u0041\\n"}]}}`)).toEqual({});
      expect(built(`{ "${name}" :\t[ true , false,null,{"${name}":[]}, "ä€😀" ] }`)).toEqual({
        [name]: [true, false, null, { [name]: [] }, 'ä€😀'],
      });
    }
    // A name given twice keeps its last value, as JSON.parse does.
    expect(built('{"word": "a", "pos": "noun", "word": "b"}')).toEqual({ word: 'b', pos: 'noun' });
  });

  it('reads a string with escapes as JSON.parse does', () => {
    const escaped = [
      '{"word": "say \\"hola\\""}',
      '{"word": "caf\\u00e9", "pos": "\\u00E9\\/\\\\\\b\\f\\n\\r\\t"}',
      '{"word": "a\\nb", "senses": [{"glosses": ["\\"x\\"", "é\\u20ac"]}]}',
      '{"word": "\\ud83d\\ude00 \\ud800 \\udc00"}',
      '{"word": "\\u0000"}',
    ];
    for (const line of escaped) {
      expect(expectSameOrLeft(line), line).toBe(true);
      expect(built(line)).toEqual(JSON.parse(line));
    }
  });

  it('leaves to JSON.parse what it does not make itself: numbers, escaped names', () => {
    const left = [
      '{"w\\u006frd": "hablar"}',
      '{"word": "a", "tags": [1]}',
      '{"word": "a", "tags": [-0.5e3]}',
      '["word", "a"]',
      `{"senses": ${'['.repeat(70)}${']'.repeat(70)}}`,
    ];
    for (const line of left) {
      expect(built(line), line).toBe(NOT_BUILT);
      expect(parsedAsBefore(line), line).toBeDefined();
    }
    // An escape in a member left out is checked, not made: the line is still built.
    expect(built('{"word": "a", "etymology_text": "\\"x\\" \\u00e9\\n", "n": -1.5e+3}')).toEqual({
      word: 'a',
    });
  });

  it('never takes a name whose first byte is not ASCII for a read name', () => {
    // 0xF7 is 'w' without its high bit: the name is U+FFFD + 'ord' once decoded, never 'word'.
    const line = Buffer.concat([
      Buffer.from('{"'),
      Buffer.from([0xf7]),
      Buffer.from('ord": "x", "'),
      Buffer.from([0xf0]),
      Buffer.from('os": "noun", "lang_code": "es"}'),
    ]);
    expect(expectSameOrLeft(line)).toBe(true);
    expect(built(line)).toEqual({ lang_code: 'es' });
    expect(outcome(built(line))).toEqual(outcome(JSON.parse(line.toString('utf8'))));
  });

  it('decodes a bad UTF-8 sequence as decoding the whole line did', () => {
    const line = Buffer.concat([
      Buffer.from('{"word": "a'),
      Buffer.from([0xc3]),
      Buffer.from('", "senses": [{"glosses": ["x'),
      Buffer.from([0xff, 0xe2, 0x82]),
      Buffer.from(' y", "'),
      Buffer.from([0xf0, 0x9f, 0x98, 0x80]),
      Buffer.from('"]}], "lang_code": "es"}'),
    ]);
    expect(expectSameOrLeft(line)).toBe(true);
    expect(built(line)).toEqual(JSON.parse(line.toString('utf8')));
  });

  it('never makes a malformed line', () => {
    const malformed = [
      '{"word": "a", "gloss": "x,"categories": [], y"}',
      '{"word": "a", "tags": ["x",]}',
      '{"word": "a", "tags": [tru]}',
      '{"word": "a", "tags": [truex]}',
      '{"word": "a", "tags": [nul]}',
      '{"word": "a", "tags": "\u0001"}',
      '{"word": "a", "tags": "\u001f"}',
      '{"word": "a", "categories": "\\q"}',
      '{"word": "a\\q"}',
      '{"word": "a\\u12G4"}',
      '{"word": "a\\"}',
      '{"word": "\\u00e9"}',
      '{"word": "a", "categories": 01}',
      '{"word": "a", "senses": {"tags" 1}}',
      '{"word": "a", "senses": {"tags": [],}}',
      '{"word": "a", "senses": [}',
      '{"word": "a", "wo\u0001rd": 1}',
      '{"word": "a", "etymology_text": "x',
      '{"word": "a',
      '{"word": "a"} x',
      '{"word": "a"}}',
      '{"word": "a",}',
      '{, "word": "a"}',
      '{"word": "a" "pos": "b"}',
      '{"word" "a"}',
      '{"word": }',
      '{"tags": []}{"word": "a"}',
      '{"word": "a", "tags": [\u00a0"x"]}',
      '\ufeff{"word": "a"}',
      '{"word": "a"',
    ];
    for (const line of malformed) {
      expect(parsedAsBefore(line), line).toBeUndefined();
      expect(built(line), line).toBe(NOT_BUILT);
    }
  });

  it('makes a line as it parses, whatever is changed in it (a fuzz of the real sample)', () => {
    const next = random(108);
    const alphabet = '{}[]":,\\ \tu0aeE.-+1xtrufnl\u0001é€';
    let made = 0;
    let left = 0;
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
      if (expectSameOrLeft(changed)) made++;
      else left++;
    }
    // Both ways are tried: lines made here, and lines left to pruning and parsing (malformed ones among them).
    expect(made).toBeGreaterThan(1000);
    expect(left).toBeGreaterThan(500);
  });
});

describe('buildLine: tag lists made once (decision 110)', () => {
  const tagsOf = (line: string): unknown => (built(line) as { senses: { tags: unknown }[] }).senses[0]?.tags;
  const line = (tags: string): string => `{"word": "a", "senses": [{"glosses": ["x"], "tags": ${tags}}]}`;

  it('answers the same array for the same bytes, equal to what pruning and parsing make', () => {
    const first = tagsOf(line('["plural", "feminine"]'));
    const again = tagsOf(line('["plural", "feminine"]'));
    expect(again).toBe(first);
    expect(first).toEqual(['plural', 'feminine']);
    // Other bytes, even for an equal list, are another list.
    const spaced = tagsOf(line('[ "plural", "feminine" ]'));
    expect(spaced).toEqual(['plural', 'feminine']);
    expect(spaced).not.toBe(first);
    expect(expectSameOrLeft(line('["plural", "feminine"]'))).toBe(true);
  });

  it('keeps only lists of strings that end at their first bracket, and never takes a prefix for a list', () => {
    const lines = [
      '["a]b"]',
      '["a]b"]',
      '["a]", "b"]',
      '["a]", "b"]',
      '[["x"]]',
      '[["x"]]',
      '["x", ["y"]]',
      '["x", ["y"]]',
      '[{"tags": []}]',
      '[{"tags": []}]',
      '[true, null]',
      '[true, null]',
      '["\\u0041]"]',
      '["\\u0041]"]',
      '["é", "€"]',
      '["é", "€"]',
      '[]',
      '[]',
      '"plural"',
    ].map(line);
    for (const one of lines) expect(expectSameOrLeft(one), one).toBe(true);
    expect(tagsOf(line('[["x"]]'))).not.toBe(tagsOf(line('[["x"]]')));
    expect(tagsOf(line('["a]b"]'))).toEqual(['a]b']);
  });

  it('does not make a malformed line whose tag list was met whole before', () => {
    expect(tagsOf(line('["plural"]'))).toEqual(['plural']);
    for (const malformed of [
      '{"word": "a", "senses": [{"tags": ["plural"],}]}',
      '{"word": "a", "senses": [{"tags": ["plural"]',
      '{"word": "a", "senses": [{"tags": ["plural"] "x"}]}',
      '{"word": "a", "senses": [{"tags": ["plural"]}]]}',
    ]) {
      expect(parsedAsBefore(malformed), malformed).toBeUndefined();
      expect(built(malformed), malformed).toBe(NOT_BUILT);
    }
  });

  it('makes a deep tag list as it did before: past the depth bound the line is left', () => {
    for (const depth of [62, 63, 64, 65]) {
      const deep = `{"word": "a", "senses": ${'['.repeat(depth)}{"tags": ["x"]}${']'.repeat(depth)}}`;
      // Once to keep the list, once to find it kept.
      expectSameOrLeft(deep);
      expectSameOrLeft(deep);
      expect(built(deep) === NOT_BUILT).toBe(built(deep.replace('["x"]', '[1]')) === NOT_BUILT);
    }
  });

  it('makes tag lists as they parse, whatever is in them and however many collide (a fuzz)', () => {
    const next = random(110);
    const pieces = ['"plural"', '"a]b"', '"\\u005d"', '"é"', '"\\""', '[]', '["x"]', '{}', 'null', '1', ''];
    const separators = [',', ', ', ' ,', ''];
    let made = 0;
    let shared = 0;
    const seen = new Map<string, unknown>();
    for (let round = 0; round < 6000; round++) {
      let list = '[';
      for (let count = Math.floor(next() * 4); count > 0; count--) {
        list += pieces[Math.floor(next() * pieces.length)] ?? '';
        if (count > 1) list += separators[Math.floor(next() * separators.length)] ?? '';
      }
      // Most lists come again, as a dump's do; a few are cut short or left open.
      list += next() < 0.97 ? ']' : '';
      const one = line(list);
      if (expectSameOrLeft(one)) made++;
      const tags = built(one);
      if (tags !== NOT_BUILT && seen.get(list) === tagsOf(one)) shared++;
      if (tags !== NOT_BUILT) seen.set(list, tagsOf(one));
    }
    expect(made).toBeGreaterThan(1000);
    expect(shared).toBeGreaterThan(500);
  });

  it('stores every read name, at the top and inside a member, in the order given (decision 110)', () => {
    const members = READ_NAMES.map((name, index) => `"${name}": ["v${index}"]`);
    const line = `{${members.join(', ')}, "senses": [{${[...members].reverse().join(', ')}}]}`;
    const value = built(line) as Record<string, unknown>;
    expect(isDeepStrictEqual(value, parsedAsBefore(line)?.value)).toBe(true);
    // 'senses' given twice keeps its first place and its last value, as JSON.parse does.
    expect(Object.keys(value)).toEqual(READ_NAMES);
    const sense = (value.senses as Record<string, unknown>[])[0] ?? {};
    expect(Object.keys(sense)).toEqual([...READ_NAMES].reverse());
  });

  it('keeps a copy of a list of tags, not the line buffer it was read from', () => {
    const bytes = Buffer.from(line('["kept", "copied"]'), 'utf8');
    const first = buildLine(bytes, 0, bytes.length) as { senses: { tags: unknown }[] };
    // The batch's buffer is reused or dropped after its lines: what is kept must not change with it.
    bytes.fill(0x20);
    expect(tagsOf(line('["kept", "copied"]'))).toBe(first.senses[0]?.tags);
  });

  it('answers each list right when more lists come than are kept (slots taken over)', () => {
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 3000; index++) {
        expect(tagsOf(line(`["t${index}", "plural"]`))).toEqual([`t${index}`, 'plural']);
      }
    }
  });
});
