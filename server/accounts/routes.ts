import type { FastifyInstance } from 'fastify';
import type { Subscription } from '#common/schemas/billing.ts';
import { presentSubscription } from '../billing/plan.ts';
import { getSubscription } from '../billing/service.ts';
import { viewerOf } from '../policies/viewer.ts';

/** The signed-in learner's own account. */
export async function accountRoutes(app: FastifyInstance) {
  // learner.md §3 Subscription, §7: the plan as the webhooks last recorded it, or the free plan.
  app.get('/me/subscription/', async (request): Promise<Subscription> => {
    const user = viewerOf(request);
    return presentSubscription(await getSubscription(app.db, user.userId));
  });
}
