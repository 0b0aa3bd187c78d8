// Where the importer's own CPU time goes, without a database: one pass over the dump through the importer's
// reader (readJsonLines), JSON.parse, the mapper (mapWiktextractEntry) and the making of COPY text as
// importer.ts/store.ts make it (dictionaryKey of every form, JSON.stringify of the senses), each stage timed on
// its own, batch by batch. A diagnostic beside the measured import, not a part of it.
import { createReadStream } from 'node:fs';
import { dictionaryKey } from '../../common/dictionary.ts';
import { loadConfig } from '../../server/config.ts';
import { readJsonLines } from '../../server/dictionary/json-lines.ts';
import { type MappedEntry, mapWiktextractEntry } from '../../server/dictionary/wiktextract.ts';
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
  /** The COPY text made (UTF-16 code units, ~bytes for this text), MB. */
  copyTextMB: number;
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
    const mapped: MappedEntry[] = [];
    for (const value of values) {
      const result = mapWiktextractEntry(value, source);
      if (result.ok) mapped.push(result.entry);
    }
    lap('map');
    let entryText = '';
    let formText = '';
    for (const entry of mapped) {
      if (entry.senses.length > 0)
        entryText += `1\t${entry.lemma}\t${entry.pos}\t${JSON.stringify(entry.senses)}\n`;
      for (const form of entry.forms) {
        formText += `1\t${dictionaryKey(form.surface, source)}\t${form.surface}\t${form.lemma}\t${form.description ?? '\\N'}\n`;
        forms++;
      }
    }
    copyBytes += entryText.length + formText.length;
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
  };
});
