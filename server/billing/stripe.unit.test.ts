import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { customerIdOf, subscriptionIdOf } from './stripe.ts';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

describe('the subscription and customer an event is about', () => {
  it('finds them wherever each event type keeps them', () => {
    expect(subscriptionIdOf(event('customer.subscription.updated', { id: 'sub_1', customer: 'cus_1' }))).toBe(
      'sub_1',
    );
    expect(subscriptionIdOf(event('checkout.session.completed', { subscription: 'sub_2' }))).toBe('sub_2');
    expect(subscriptionIdOf(event('checkout.session.completed', { subscription: { id: 'sub_3' } }))).toBe(
      'sub_3',
    );
    // Invoices name it under parent.subscription_details in Stripe's 2025+ API versions, at the top before.
    const current = { parent: { subscription_details: { subscription: 'sub_4' } }, customer: 'cus_4' };
    expect(subscriptionIdOf(event('invoice.paid', current))).toBe('sub_4');
    expect(subscriptionIdOf(event('invoice.payment_failed', { subscription: 'sub_5' }))).toBe('sub_5');
    expect(subscriptionIdOf(event('invoice.paid', { parent: null }))).toBeUndefined();
    expect(subscriptionIdOf(event('customer.created', { id: 'cus_6' }))).toBeUndefined();

    expect(customerIdOf(event('invoice.paid', current))).toBe('cus_4');
    expect(customerIdOf(event('checkout.session.completed', { customer: { id: 'cus_7' } }))).toBe('cus_7');
    expect(customerIdOf(event('checkout.session.completed', { customer: null }))).toBeUndefined();
  });
});
