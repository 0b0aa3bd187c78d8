import type { Database } from '#server/db/client.ts';
import { feedback } from '#server/db/schema.ts';

/** Keeps what a learner wrote, with their address; answers its id and when it was kept. */
export async function recordFeedback(
  db: Database,
  entry: { userId: string; email: string; text: string },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(feedback)
    .values(entry)
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  if (!row) throw new Error('feedback inserted nothing');
  return row;
}
