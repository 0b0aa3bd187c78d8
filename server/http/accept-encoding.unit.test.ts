import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './accept-encoding.ts';

describe('acceptsEncoding', () => {
  it('takes gzip or * unless refused with q=0', () => {
    expect(acceptsEncoding('gzip, br', 'gzip')).toBe(true);
    expect(acceptsEncoding('br, gzip;q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('br', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
