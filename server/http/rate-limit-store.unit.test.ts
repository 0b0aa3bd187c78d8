import { describe, expect, it } from 'vitest';
import { clientNetwork } from './rate-limit-store.ts';

describe('clientNetwork', () => {
  it('counts an IPv4 address as itself, written either way', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 as one network', () => {
    const network = clientNetwork('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd');
    expect(network).toBe('2001:db8:85a3:1::/64');
    expect(clientNetwork('2001:0db8:85a3:0001::1')).toBe(network);
    expect(clientNetwork('2001:DB8:85A3:1:ffff::')).toBe(network);
    expect(clientNetwork('2001:db8:85a3:2::1')).not.toBe(network);
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
