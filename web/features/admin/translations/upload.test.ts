import { describe, expect, it } from 'vitest';
import { hasDumpExtension, PREVIEW_BYTES, previewPart, uploadProblem } from './upload.ts';

function fileOf(name: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });
}

describe('previewPart', () => {
  it('sends a dump of up to 8 MB whole', () => {
    const file = fileOf('es.jsonl', PREVIEW_BYTES);
    expect(previewPart(file)).toBe(file);
  });

  it('sends only the first 8 MB of a larger plain dump, under the same name', () => {
    const part = previewPart(fileOf('es.jsonl', PREVIEW_BYTES + 1));
    expect([part.name, part.size]).toEqual(['es.jsonl', PREVIEW_BYTES]);
  });

  it('sends a larger gzipped dump whole, since a cut gzip stream cannot be read', () => {
    const file = fileOf('es.JSONL.GZ', PREVIEW_BYTES + 1);
    expect(previewPart(file)).toBe(file);
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
