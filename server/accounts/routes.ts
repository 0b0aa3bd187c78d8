import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/guard.ts';

/** The signed-in learner's own account. */
export async function accountRoutes(app: FastifyInstance) {
  // The free plan for everyone until the billing issue connects Stripe (spec/learner.md §3 Subscription).
  app.get('/me/subscription/', async (request) => {
    currentUser(request);
    return {
      is_pro: false,
      subscription_status: 'inactive',
      has_stripe_customer: false,
      subscription_end_date: null,
    };
  });
}
