// The learner's plan in the database: read by the subscription call and by every check of Pro.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { subscriptions } from '../db/schema.ts';
import { isPro, type SubscriptionRow } from './plan.ts';

/** A learner's subscription row; none until billing has had anything to do with them. */
export async function getSubscription(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** Whether the learner has the Pro plan: the one place the plan is decided (learner.md §6). */
export async function hasPro(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: subscriptions.status, isGrantedPro: subscriptions.isGrantedPro })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return isPro(row);
}
