import { describe, expect, it } from 'vitest';
import { FREE_PLAN } from '#common/schemas/billing.ts';
import { isPro } from '#server/policies/rules.ts';
import { type SubscriptionRow, statusFromStripe } from './plan.ts';
import { presentSubscription } from './present.ts';

function row(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    status: 'active',
    currentPeriodEnd: new Date('2026-12-22T10:00:00Z'),
    priceId: 'price_year',
    stripeStateAt: new Date('2026-11-22T10:00:00Z'),
    isGrantedPro: false,
    grantNote: null,
    grantedAt: null,
    createdAt: new Date('2026-11-22T10:00:00Z'),
    updatedAt: new Date('2026-11-22T10:00:00Z'),
    ...overrides,
  };
}

describe('statusFromStripe', () => {
  it('maps Stripe’s eight statuses onto the spec’s five', () => {
    expect(
      (
        [
          'active',
          'trialing',
          'past_due',
          'canceled',
          'unpaid',
          'incomplete',
          'incomplete_expired',
          'paused',
        ] as const
      ).map(statusFromStripe),
    ).toEqual(['active', 'trialing', 'past_due', 'canceled', 'past_due', 'inactive', 'canceled', 'inactive']);
  });
});

describe('isPro', () => {
  it('is Pro while active or trialing, or granted by hand', () => {
    expect(isPro(undefined)).toBe(false);
    expect(isPro(row({ status: 'active' }))).toBe(true);
    expect(isPro(row({ status: 'trialing' }))).toBe(true);
    expect(isPro(row({ status: 'past_due' }))).toBe(false);
    expect(isPro(row({ status: 'canceled' }))).toBe(false);
    expect(isPro(row({ status: 'inactive', isGrantedPro: true }))).toBe(true);
  });
});

describe('presentSubscription', () => {
  it('answers the free plan without a row, and the row’s plan with one', () => {
    expect(presentSubscription(undefined)).toEqual(FREE_PLAN);
    expect(presentSubscription(row())).toEqual({
      is_pro: true,
      subscription_status: 'active',
      has_stripe_customer: true,
      subscription_end_date: '2026-12-22T10:00:00.000Z',
    });
    expect(presentSubscription(row({ status: 'canceled' }))).toMatchObject({
      is_pro: false,
      subscription_status: 'canceled',
    });
  });

  it('gives a billing date only while the subscription runs', () => {
    expect(presentSubscription(row({ status: 'past_due' })).subscription_end_date).toBeNull();
    // A gift to a learner whose own subscription ended long ago: Pro, with no date from that old period.
    const giftAfterCancel = row({ status: 'canceled', isGrantedPro: true });
    expect(presentSubscription(giftAfterCancel)).toMatchObject({ is_pro: true, subscription_end_date: null });
  });

  it('shows a gift as an active plan, without a customer to manage', () => {
    const gift = row({
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      status: 'inactive',
      currentPeriodEnd: null,
      isGrantedPro: true,
    });
    expect(presentSubscription(gift)).toEqual({
      is_pro: true,
      subscription_status: 'active',
      has_stripe_customer: false,
      subscription_end_date: null,
    });
  });
});
