// `tsx bench/dictionary/line-work.ts`: the import's line work alone (ImportLines.batch: each line built or
// parsed, mapped, and its rows made into COPY text), over the first lines of the benchmark's dump, in this
// process, without a database or threads. Prints the CPU milliseconds of each round and a SHA-1 over
// everything the batches made (COPY bytes, phrase slots, new phrases, counts, the linked words), so that a
// change to the line work can be measured against another tree's build of this file in alternated processes
// and shown to make the same output to the byte (docs/decisions/110).
//
// Settings: BENCH_LINE_WORK_DUMP (a dump; the generated one by default, which `npm run bench:dictionary` makes),
// BENCH_LINE_WORK_LINES (100,000), BENCH_LINE_WORK_ROUNDS (2). Run it as a worker runs, bundled and with a
// worker's young generation (dictionary-import-worker.ts):
//   npx esbuild bench/dictionary/line-work.ts --bundle --platform=node --format=esm --packages=external \
//     --outfile=node_modules/.cache/line-work.mjs && node --max-semi-space-size=3 node_modules/.cache/line-work.mjs
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportLines } from '../../server/dictionary/import-lines.ts';
import { type RawLines, readRawJsonLines } from '../../server/dictionary/json-lines.ts';

const dump =
  process.env.BENCH_LINE_WORK_DUMP ?? join(tmpdir(), 'catamaran-bench-dictionary', 'es-500000-v1.jsonl.gz');
const lineCount = Number(process.env.BENCH_LINE_WORK_LINES ?? 100_000);
const rounds = Number(process.env.BENCH_LINE_WORK_ROUNDS ?? 2);
if (!existsSync(dump)) {
  throw new Error(`No dump at ${dump}: run \`npm run bench:dictionary\` once, or set BENCH_LINE_WORK_DUMP.`);
}

/** The dump's first batches, read before any round is timed. */
async function readBatches(): Promise<RawLines[]> {
  const batches: RawLines[] = [];
  let lines = 0;
  const options = {
    limits: { maxDecompressedBytes: Number.MAX_SAFE_INTEGER, maxLineBytes: 64 * 1024 * 1024 },
  };
  for await (const batch of readRawJsonLines(createReadStream(dump), options)) {
    batches.push(batch);
    lines += batch.ends.length;
    if (lines >= lineCount) break;
  }
  return batches;
}

const batches = await readBatches();
const lines = batches.reduce((sum, batch) => sum + batch.ends.length, 0);
for (let round = 1; round <= rounds; round++) {
  const work = new ImportLines({ importId: 1, works: 2, source: 'es', target: 'en' });
  const hash = createHash('sha1');
  const started = process.cpuUsage();
  const made = batches.map((batch) => work.batch(batch));
  const used = process.cpuUsage(started);
  for (const rows of made) {
    hash.update(rows.entries).update(rows.forms).update(new Uint8Array(rows.slots.buffer));
    hash.update(JSON.stringify([rows.newPhrases, rows.counts]));
  }
  hash.update(JSON.stringify(work.finish().linked));
  const ms = Math.round((used.user + used.system) / 1000);
  console.info(`round ${round}: ${lines} lines, ${ms} ms of CPU, output ${hash.digest('hex').slice(0, 12)}`);
}
