import { describe, expect, it } from 'vitest';
import { PRO_PLAN, YEARLY_SAVING_LABEL, yearlySavingPercent } from './pricing.ts';

describe('the Pro plan', () => {
  it('saves 25% on the yearly setting ($15 against $20 a month)', () => {
    expect(PRO_PLAN.monthlyPriceUsd).toBe(20);
    expect(PRO_PLAN.yearlyPricePerMonthUsd).toBe(15);
    expect(yearlySavingPercent()).toBe(25);
    expect(YEARLY_SAVING_LABEL).toBe(`Save ${yearlySavingPercent()}%`);
  });

  it('lists the six features of the spec', () => {
    expect(PRO_PLAN.features).toHaveLength(6);
  });
});
