import { describe, expect, it } from 'vitest';
import { queryClientFor } from './query.tsx';

describe('queryClientFor', () => {
  it('keeps one cache per learner and starts an empty one when another learner signs in', () => {
    const ana = queryClientFor('ana@example.com');
    ana.setQueryData(['subscription'], { is_pro: true });

    expect(queryClientFor('ana@example.com')).toBe(ana);
    const bo = queryClientFor('bo@example.com');
    expect(bo).not.toBe(ana);
    expect(bo.getQueryData(['subscription'])).toBeUndefined();
  });
});
