import { describe, expect, it } from 'vitest';
import { attachmentDisposition, checkMediaSignature, signMediaQuery } from './signed.ts';

const SECRET = 'a-secret-long-enough-for-tests-0123456789';
const KEY = 'applicant-videos/1700000000000-ab12cd34.mp4';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const IN_TEN_MINUTES = NOW / 1000 + 600;

const parse = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('signed /media/ addresses', () => {
  it('open their object until they expire, with the download name they were signed with', () => {
    const query = parse(signMediaQuery(SECRET, KEY, IN_TEN_MINUTES, 'Ana sample.mp4'));

    expect(checkMediaSignature(SECRET, KEY, query, NOW)).toEqual({
      ok: true,
      downloadName: 'Ana sample.mp4',
    });
    expect(checkMediaSignature(SECRET, KEY, query, NOW + 599_000).ok).toBe(true);
    expect(checkMediaSignature(SECRET, KEY, query, NOW + 600_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('cannot be moved to another object, lengthened, renamed or signed with another secret', () => {
    const query = parse(signMediaQuery(SECRET, KEY, IN_TEN_MINUTES, 'a.mp4'));

    expect(checkMediaSignature(SECRET, KEY.replace('ab12', 'ab13'), query, NOW).ok).toBe(false);
    expect(
      checkMediaSignature(SECRET, KEY, { ...query, expires: String(IN_TEN_MINUTES + 3600) }, NOW),
    ).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkMediaSignature(SECRET, KEY, { ...query, name: 'b.mp4' }, NOW).ok).toBe(false);
    const other = parse(signMediaQuery('another-secret', KEY, IN_TEN_MINUTES, 'a.mp4'));
    expect(checkMediaSignature(SECRET, KEY, other, NOW).ok).toBe(false);
  });

  it('refuses a missing or malformed signature without throwing', () => {
    expect(checkMediaSignature(SECRET, KEY, {}, NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(checkMediaSignature(SECRET, KEY, { expires: '1', signature: ['x'] }, NOW).ok).toBe(false);
    expect(checkMediaSignature(SECRET, KEY, { expires: '1e9', signature: 'x' }, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkMediaSignature(SECRET, KEY, { expires: String(IN_TEN_MINUTES), signature: '' }, NOW).ok).toBe(
      false,
    );
  });
});

describe('attachmentDisposition', () => {
  it('names the download for every browser, keeping non-ASCII names in filename*', () => {
    expect(attachmentDisposition('sample.mp4')).toBe(
      `attachment; filename="sample.mp4"; filename*=UTF-8''sample.mp4`,
    );
    expect(attachmentDisposition('José "Pepe" (1).mov')).toBe(
      `attachment; filename="Jos_ _Pepe_ (1).mov"; filename*=UTF-8''Jos%C3%A9%20%22Pepe%22%20%281%29.mov`,
    );
    expect(attachmentDisposition('视频.mp4')).toContain(`filename*=UTF-8''%E8%A7%86%E9%A2%91.mp4`);
  });
});
