import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';
import { createUser } from '../testing/factories.ts';

const t = setupTestApp({ app: { mailer: { send: async () => undefined } } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('POST /otp timing', () => {
  it('does not depend on whether the address has an account', async () => {
    const rounds = 25;
    const known = await Promise.all(
      Array.from({ length: rounds }, (_, i) =>
        createUser(t.db, { email: `known-${i}-${Date.now()}@example.com` }),
      ),
    );
    const time = async (email: string, remoteAddress: string) => {
      const started = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/otp',
        remoteAddress,
        payload: { email, create_user: false },
      });
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };

    // Warm up the pool and the prepared paths, then interleave so both kinds see the same conditions.
    await time(`warmup-${Date.now()}@example.com`, '10.9.9.9');
    const forKnown: number[] = [];
    const forUnknown: number[] = [];
    for (let i = 0; i < rounds; i++) {
      forKnown.push(await time((known[i] as { email: string }).email, `10.0.0.${i}`));
      forUnknown.push(await time(`unknown-${i}-${Date.now()}@example.com`, `10.0.1.${i}`));
    }

    const [a, b] = [median(forKnown), median(forUnknown)];
    expect(Math.abs(a - b), `medians: known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`).toBeLessThan(
      Math.max(3, 0.5 * Math.max(a, b)),
    );
  });
});
