// `tsx bench/dictionary/generate.ts [entries] [out.jsonl.gz]`: writes a gzipped wiktextract dump of Spanish
// entries shaped like the real ones in tests/fixtures/kaikki (vivir, reciba, Fahrer, chambre): senses with
// glosses, raw_glosses, examples, tags, categories and links; verbs with a conjugation table of 49–63 rows
// (duplicates, '-' cells and the table-tags / inflection-template / romanization rows real tables carry);
// nouns and adjectives with 2–5 forms; ~30 % entries that are only a form of another word. ~1.75 KB a line
// (the sample's Spanish lines are 2–35 KB: vivir's table alone has 208 rows). Words are made of syllables so
// that no two entries share a surface form (~5.9 forms an entry), and the file is streamed: memory stays flat.
import { once } from 'node:events';
import { createWriteStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { mapWiktextractEntry } from '../../server/dictionary/wiktextract.ts';
import { Dice, mulberry32, scatter } from './dump/dice.ts';
import {
  formOfEntry,
  type Json,
  type Kind,
  nominalEntry,
  plainEntry,
  type Target,
  verbEntry,
} from './dump/entries.ts';
import { NOMINAL_FORM_OF, VERB_FORM_OF_CELLS, type VerbClass } from './dump/paradigms.ts';
import { stem } from './dump/stems.ts';

export { stem } from './dump/stems.ts';

/** Bump when the shape of the entries changes: run.ts keys its cached dumps by it. */
export const GENERATOR_VERSION = 1;
export const DEFAULT_ENTRIES = 500_000;

const KIND_SHARES: [Kind, number][] = [
  ['form-of', 0.3],
  ['verb', 0.08],
  ['noun', 0.36],
  ['adj', 0.14],
  ['adv', 0.05],
  ['other', 0.07],
];

/** The dump's entries, one after the other, the same at every run for the same count and seed. */
export function* dumpEntries(count: number, seed = 1): Generator<Json, void, undefined> {
  const dice = new Dice(mulberry32(seed));
  const stemNumber = scatter(count);
  // Words the next form-of entries may point at; each has a few forms left to become entries.
  const targets: Target[] = [];
  for (let index = 0; index < count; index++) {
    const roll = dice.next();
    let kind: Kind = 'other';
    let sum = 0;
    for (const [name, share] of KIND_SHARES) {
      sum += share;
      if (roll < sum) {
        kind = name;
        break;
      }
    }
    const base = stem(stemNumber(index));
    if (kind === 'form-of') {
      const slot = Math.floor(dice.next() * targets.length);
      const target = targets[slot];
      if (target) {
        yield formOfEntry(dice, target);
        const limit = target.kind === 'verb' ? VERB_FORM_OF_CELLS.length : NOMINAL_FORM_OF.length;
        if (target.used >= limit) targets.splice(slot, 1);
        continue;
      }
      kind = 'verb'; // nothing to point at yet: the first entries are words of their own
    }
    if (kind === 'adv' || kind === 'other') {
      yield plainEntry(dice, base, kind);
      continue;
    }
    const verbClass = dice.pick<VerbClass>(['ar', 'ar', 'ar', 'er', 'ir']);
    const target: Target = {
      stem: base,
      word: kind === 'verb' ? base + verbClass : `${base}o`,
      kind,
      verbClass,
      used: 0,
    };
    if (targets.length < 4096) targets.push(target);
    else targets[Math.floor(dice.next() * targets.length)] = target;
    yield kind === 'verb' ? verbEntry(dice, target) : nominalEntry(dice, target);
  }
}

export interface GeneratedDump {
  path: string;
  entries: number;
  /** Bytes on disk (gzip). */
  bytes: number;
  /** Bytes once decompressed. */
  textBytes: number;
  seconds: number;
}

/** Streams `count` entries to `path` as gzipped JSON lines, flushing ~1 MB at a time. */
export async function generateDump(path: string, count: number, seed = 1): Promise<GeneratedDump> {
  const startedAt = performance.now();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path));
  let chunk = '';
  let textBytes = 0;
  const flush = async () => {
    textBytes += Buffer.byteLength(chunk);
    const hasRoom = gzip.write(chunk);
    chunk = '';
    if (!hasRoom) await once(gzip, 'drain');
  };
  for (const entry of dumpEntries(count, seed)) {
    chunk += `${JSON.stringify(entry)}\n`;
    if (chunk.length >= 1 << 20) await flush();
  }
  await flush();
  gzip.end();
  await written;
  return {
    path,
    entries: count,
    bytes: statSync(path).size,
    textBytes,
    seconds: (performance.now() - startedAt) / 1000,
  };
}

/** What the importer's mapper makes of the first `sample` entries: forms per entry, and the share of each. */
export function sampleForms(count: number, sample: number, seed = 1) {
  let entries = 0;
  let forms = 0;
  let bytes = 0;
  let withSenses = 0;
  for (const entry of dumpEntries(count, seed)) {
    if (entries >= sample) break;
    entries++;
    bytes += Buffer.byteLength(JSON.stringify(entry)) + 1;
    const mapped = mapWiktextractEntry(entry, 'es');
    if (!mapped.ok) throw new Error(`generated entry ${entries} is skipped: ${mapped.reason}`);
    forms += mapped.entry.forms.length;
    if (mapped.entry.senses.length > 0) withSenses++;
  }
  return {
    entries,
    formsPerEntry: forms / entries,
    bytesPerLine: bytes / entries,
    withSensesShare: withSenses / entries,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? DEFAULT_ENTRIES);
  const path = process.argv[3] ?? `es-${count}.jsonl.gz`;
  const sample = sampleForms(count, Math.min(count, 20_000));
  console.info(
    `A sample of ${sample.entries} entries: ${sample.bytesPerLine.toFixed(0)} bytes a line, ` +
      `${sample.formsPerEntry.toFixed(2)} surface forms an entry (~${Math.round(sample.formsPerEntry * count).toLocaleString('en')} in all), ` +
      `${(sample.withSensesShare * 100).toFixed(1)} % with senses of their own.`,
  );
  const dump = await generateDump(path, count);
  console.info(
    `Wrote ${dump.entries.toLocaleString('en')} entries to ${dump.path}: ${(dump.bytes / 2 ** 20).toFixed(1)} MB gzipped, ` +
      `${(dump.textBytes / 2 ** 20).toFixed(1)} MB of text, in ${dump.seconds.toFixed(1)} s.`,
  );
}
