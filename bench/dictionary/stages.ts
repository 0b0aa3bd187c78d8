// Where the importer's own CPU time goes, without a database: one pass over the dump through the importer's
// reader (readJsonLines), JSON.parse, the mapper (mapWiktextractRows) and the making of COPY text by the
// importer's own CopyText (copy-text.ts), encoded to UTF-8 as the COPY streams do, each stage timed on its own,
// batch by batch. A diagnostic beside the measured import, not a part of it.
import { createReadStream } from 'node:fs';
import { loadConfig } from '../../server/config.ts';
import { CopyText } from '../../server/dictionary/copy-text.ts';
import { readJsonLines } from '../../server/dictionary/json-lines.ts';
import { type EntryRows, mapWiktextractRows } from '../../server/dictionary/wiktextract.ts';
import { serveChild } from './child.ts';

export interface StagesInput {
  file: string;
  source: string;
}

export interface StagesResult {
  lines: number;
  forms: number;
  seconds: number;
  /** Seconds spent in each stage; they add up to about `seconds`. */
  readSeconds: number;
  parseSeconds: number;
  mapSeconds: number;
  copyTextSeconds: number;
  /** The COPY text made, in UTF-8, MB. */
  copyTextMB: number;
  /** The distinct phrases the forms are described by (stored once each). */
  phrases: number;
}

serveChild<StagesInput, StagesResult>(async ({ file, source }) => {
  const { dictionaryLimits: limits } = loadConfig({ LOG_LEVEL: 'silent' });
  const batches = readJsonLines(createReadStream(file, { highWaterMark: 1024 * 1024 }), {
    limits: { maxDecompressedBytes: limits.decompressedBytes, maxLineBytes: limits.lineBytes },
    fileName: file,
  });
  let lines = 0;
  let forms = 0;
  let copyBytes = 0;
  const copyText = new CopyText(1);
  const spent = { read: 0, parse: 0, map: 0, copyText: 0 };
  const startedAt = performance.now();
  let mark = startedAt;
  const lap = (stage: keyof typeof spent) => {
    const now = performance.now();
    spent[stage] += now - mark;
    mark = now;
  };
  for await (const batch of batches) {
    lap('read');
    const values: unknown[] = [];
    for (const { text } of batch) values.push(JSON.parse(text));
    lap('parse');
    const mapped: EntryRows[] = [];
    for (const value of values) {
      const result = mapWiktextractRows(value, source);
      if (result.ok) {
        mapped.push(result.entry);
        forms += result.entry.forms.length;
      }
    }
    lap('map');
    const text = copyText.batch(mapped);
    // As the COPY streams take it: a string written to them is encoded to a Buffer.
    copyBytes += Buffer.from(text.entries).length + Buffer.from(text.forms).length;
    lap('copyText');
    lines += batch.length;
  }
  lap('read');
  const seconds = (ms: number) => Math.round(ms) / 1000;
  return {
    lines,
    forms,
    seconds: seconds(performance.now() - startedAt),
    readSeconds: seconds(spent.read),
    parseSeconds: seconds(spent.parse),
    mapSeconds: seconds(spent.map),
    copyTextSeconds: seconds(spent.copyText),
    copyTextMB: Math.round(copyBytes / 1024 / 1024),
    phrases: copyText.phrases.size,
  };
});
