import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { typeByBytes, typeByName } from './types.ts';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const IMAGES = { 'image/png': 'png', 'image/jpeg': 'jpg' };

describe('typeByBytes', () => {
  it('names an accepted type from the first bytes, and passes every byte on', async () => {
    const { type, body } = await typeByBytes(Readable.from([PNG.subarray(0, 60), PNG.subarray(60)]), IMAGES);

    expect(type).toEqual({ mime: 'image/png', extension: 'png' });
    expect((await buffer(body)).equals(PNG)).toBe(true);
  });

  it('names no type for bytes of a type not accepted, or of none at all', async () => {
    expect((await typeByBytes(Readable.from([PNG]), { 'image/jpeg': 'jpg' })).type).toBeUndefined();
    expect((await typeByBytes(Readable.from([Buffer.from('plain text')]), IMAGES)).type).toBeUndefined();
  });
});

describe('typeByName', () => {
  const VIDEOS = {
    byExtension: { mp4: 'mp4', m4v: 'mp4', mov: 'mov' },
    byDeclaredType: { 'video/mp4': 'mp4', 'video/quicktime': 'mov' },
  };

  it("goes by the name's extension first, in any letter case, with its stored extension", () => {
    expect(typeByName('Take.M4V', 'video/quicktime', VIDEOS)).toBe('mp4');
    expect(typeByName('clip.mov', undefined, VIDEOS)).toBe('mov');
  });

  it('goes by the declared type when the name tells nothing', () => {
    expect(typeByName('recording', 'Video/MP4', VIDEOS)).toBe('mp4');
    expect(typeByName('clip.avi', 'video/quicktime', VIDEOS)).toBe('mov');
  });

  it('names nothing when neither is taken', () => {
    expect(typeByName('clip.avi', 'video/x-msvideo', VIDEOS)).toBeUndefined();
    expect(typeByName('clip', undefined, VIDEOS)).toBeUndefined();
  });
});
