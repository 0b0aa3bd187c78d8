// The import's baseline, in a child process of its own: gunzip the dump, split it into lines and JSON.parse
// each one, nothing else. The same read and gunzip buffer sizes as the importer (server/dictionary/cli.ts and
// json-lines.ts), so the difference is what the importer does on top.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { serveChild } from './child.ts';

export interface BaselineInput {
  file: string;
}

export interface BaselineResult {
  entries: number;
  textBytes: number;
  seconds: number;
}

const LF = 0x0a;

serveChild<BaselineInput, BaselineResult>(async ({ file }) => {
  const startedAt = performance.now();
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  const text = pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), gunzip, () => {});
  let entries = 0;
  let textBytes = 0;
  let pending: Buffer[] = [];
  const parse = (line: string) => {
    if (line.length === 0) return;
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null) entries++;
  };
  for await (const chunk of text as AsyncIterable<Buffer>) {
    textBytes += chunk.length;
    let start = 0;
    let end = chunk.indexOf(LF);
    if (end !== -1 && pending.length > 0) {
      pending.push(chunk.subarray(0, end));
      parse(Buffer.concat(pending).toString('utf8'));
      pending = [];
      start = end + 1;
      end = chunk.indexOf(LF, start);
    }
    while (end !== -1) {
      parse(chunk.toString('utf8', start, end));
      start = end + 1;
      end = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) parse(Buffer.concat(pending).toString('utf8'));
  return { entries, textBytes, seconds: (performance.now() - startedAt) / 1000 };
});
