import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePiece, gzipOf } from './gzip.ts';

describe('gzipOf', () => {
  it('splices pieces compressed apart into one gzip member that decodes to their text', () => {
    const long = 'la gata y la luna, '.repeat(20_000);
    const pieces = ['{"id":1,"content":', JSON.stringify(long), ',"statuses":{"ñandú":"known"}', ''];
    const mixed = pieces.map((piece, index) => (index % 2 === 1 ? deflatePiece(piece) : piece));
    const body = gzipOf(mixed, ',"story":{"title":"雨の日"}}');
    expect(gunzipSync(body).toString()).toBe(`${pieces.join('')},"story":{"title":"雨の日"}}`);
    expect(body.length).toBeLessThan(long.length / 20);
    // A text piece longer than a stored block holds is split over several.
    const wide = 'ñ'.repeat(70_000);
    expect(gunzipSync(gzipOf([wide, deflatePiece(wide), ''], wide)).toString()).toBe(wide.repeat(3));
  });

  it('stays right once optimized, with empty and short pieces (Node 20 once answered a wrong CRC for none)', () => {
    const big = deflatePiece('"la gata"'.repeat(500));
    for (let round = 0; round < 3000; round += 1) {
      const small = `{"n":${round},"s":"${'é'.repeat(round % 7)}"`;
      const body = gzipOf([small, big, '', round % 2 ? ',' : '', big], '}');
      if (round % 250 === 0 || round > 2990)
        expect(gunzipSync(body).toString()).toBe(
          `${small}${'"la gata"'.repeat(500)}${round % 2 ? ',' : ''}${'"la gata"'.repeat(500)}}`,
        );
    }
  });

  it('combines CRC-32s as zlib does', () => {
    const a = Buffer.from('abc'.repeat(1000));
    const b = Buffer.from('xyzé'.repeat(777));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(0, crc32(a), a.length)).toBe(crc32(a));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });
});
