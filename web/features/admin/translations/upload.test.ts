import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callForReply } from '#web/lib/call.ts';
import { hasDumpExtension, PREVIEW_BYTES, previewDump, previewPart, uploadProblem } from './upload.ts';

vi.mock('#web/lib/call.ts', () => ({ callForReply: vi.fn() }));

function fileOf(name: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });
}

// jsdom's Blob has no arrayBuffer(), which every browser's has; its FileReader reads one.
const hadArrayBuffer = 'arrayBuffer' in Blob.prototype;
beforeAll(() => {
  if (hadArrayBuffer) return;
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
});
afterAll(() => {
  if (!hadArrayBuffer) Reflect.deleteProperty(Blob.prototype, 'arrayBuffer');
});

/** A plain dump of `size` bytes whose lines (all but the last) end where `lineEnds` says. */
function dumpOf(name: string, size: number, lineEnds: number[]): File {
  const bytes = new Uint8Array(size).fill(0x61);
  for (const at of lineEnds) bytes[at] = 0x0a;
  return new File([bytes], name, { type: 'application/octet-stream' });
}

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

describe('previewPart', () => {
  it('sends a dump of up to 8 MB whole', async () => {
    const file = fileOf('es.jsonl', PREVIEW_BYTES);
    const part = await previewPart(file);
    expect(part.file).toBe(file);
    expect(part.isPartial).toBe(false);
  });

  it('sends a larger plain dump up to its last whole line within 8 MB, as partial, under the same name', async () => {
    const lastLineEnd = PREVIEW_BYTES - 10_000; // a real line is ~10 KB: the next one is cut by the 8 MB
    const part = await previewPart(dumpOf('es.jsonl', PREVIEW_BYTES + 50_000, [5_000, lastLineEnd]));
    expect([part.file.name, part.file.size, part.isPartial]).toEqual(['es.jsonl', lastLineEnd + 1, true]);
    expect((await bytesOf(part.file)).at(-1)).toBe(0x0a);
  });

  it('finds the last line break however far before the end of the 8 MB it is', async () => {
    const part = await previewPart(dumpOf('es.jsonl', PREVIEW_BYTES + 1, [100]));
    expect([part.file.size, part.isPartial]).toEqual([101, true]);
  });

  it('sends the first 8 MB as they are, as partial, when no line ends within them', async () => {
    const part = await previewPart(dumpOf('es.jsonl', PREVIEW_BYTES + 1, [PREVIEW_BYTES]));
    expect([part.file.size, part.isPartial]).toEqual([PREVIEW_BYTES, true]);
  });

  it('sends a larger gzipped dump whole, since a cut gzip stream cannot be read', async () => {
    const named = fileOf('es.JSONL.GZ', PREVIEW_BYTES + 1);
    expect(await previewPart(named)).toEqual({ file: named, isPartial: false });
    const bytes = new Uint8Array(PREVIEW_BYTES + 1);
    bytes.set([0x1f, 0x8b]);
    const unnamed = new File([bytes], 'es.jsonl'); // the server tells gzip by its bytes, not its name
    expect((await previewPart(unnamed)).file).toBe(unnamed);
  });
});

describe('previewDump', () => {
  it('tells the server, before the file, that a cut dump is partial', async () => {
    const preview = { action: 'preview', truncated: true, sample: [] };
    const reply = { ...preview, bytes: 1, lines: 1, entries: 1, senses: 1, forms: 1, skipped: 0 };
    const answer = { ...reply, skipped_lines: [], languages: {} };
    vi.mocked(callForReply).mockResolvedValue({ answer, reply: answer } as never);
    const fields = { mode: 'wiktextract', source: 'es', target: 'en' } as const;

    await previewDump(fields, dumpOf('es.jsonl', PREVIEW_BYTES + 1, [PREVIEW_BYTES - 1]));
    await previewDump(fields, dumpOf('es.jsonl', 100, [99]));

    const forms = vi.mocked(callForReply).mock.calls.map(([, input]) => input.body as unknown as FormData);
    expect(forms.map((form) => [...form.keys()])).toEqual([
      ['mode', 'source', 'target', 'action', 'partial', 'file'],
      ['mode', 'source', 'target', 'action', 'file'],
    ]);
    expect(forms[0]?.get('partial')).toBe('true');
  });
});

describe('hasDumpExtension', () => {
  it('takes .json, .jsonl, .json.gz and .jsonl.gz in any case, and nothing else', () => {
    const names = ['a.json', 'a.jsonl', 'a.json.gz', 'A.JSONL.GZ', 'a.csv', 'a.gz', 'a.tar.gz', 'json'];
    expect(names.filter(hasDumpExtension)).toEqual(['a.json', 'a.jsonl', 'a.json.gz', 'A.JSONL.GZ']);
  });
});

describe('uploadProblem', () => {
  const ready = {
    mode: 'wiktextract',
    source: 'es',
    target: 'en',
    file: fileOf('es.jsonl', 1),
    action: 'preview',
  } as const;

  it('accepts a pair of different languages and a dump', () => {
    expect(uploadProblem(ready)).toBeUndefined();
  });

  it('names what is missing or wrong, in the order of the form', () => {
    expect(uploadProblem({ ...ready, source: '' })).toBe('Choose the source language.');
    expect(uploadProblem({ ...ready, target: undefined })).toBe('Choose the target language.');
    expect(uploadProblem({ ...ready, file: undefined })).toBe(
      'Choose a file: a wiktextract dump, one entry per line.',
    );
    expect(uploadProblem({ ...ready, file: fileOf('es.csv', 1) })).toBe(
      'Please choose a .json, .jsonl, .json.gz or .jsonl.gz file.',
    );
    expect(uploadProblem({ ...ready, target: 'es' })).toBe(
      'The source language must differ from the target language.',
    );
  });
});
