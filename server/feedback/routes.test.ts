import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devOutbox, feedback } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';

const TEAM = 'team@example.com';
const t = setupTestApp({ config: { feedbackEmail: TEAM } });
const quiet = setupTestApp();

async function learner(app = t) {
  const user = await createUser(app.db);
  return { user, token: (await signIn(app.db, user)).accessToken };
}

const send = (token: string | undefined, payload: unknown, app = t) =>
  app.request<{ id?: number; created_at?: string; error?: string }>({
    method: 'POST',
    url: '/api/feedback/',
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
  });

describe('POST /api/feedback/', () => {
  it('answers 401 without a session', async () => {
    expect((await send(undefined, { feedback_text: 'Hola' })).status).toBe(401);
  });

  it('asks for text when there is none, and refuses a wrong type or a book', async () => {
    const { token } = await learner();
    for (const payload of [
      {},
      { feedback_text: '' },
      { feedback_text: '   \n ' },
      { feedback_text: 42 },
      [],
    ]) {
      expect(await send(token, payload), JSON.stringify(payload)).toMatchObject({
        status: 400,
        body: { error: 'Please enter your feedback' },
      });
    }
    expect((await send(token, { feedback_text: 'x'.repeat(10_001) })).body.error).toBe(
      'Feedback can be at most 10,000 characters.',
    );
  });

  it('keeps the feedback with the learner and their address, and mails it to FEEDBACK_EMAIL', async () => {
    const { user, token } = await learner();
    const text = 'The reader is lovely.\nCould the word panel <b>remember</b> its size?';
    const answer = await send(token, { feedback_text: `  ${text}  ` });
    expect(answer.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, answer.body.id as number));
    expect(row).toMatchObject({ userId: user.id, email: user.email, text });

    await expect
      .poll(async () => (await t.db.select().from(devOutbox).where(eq(devOutbox.to, TEAM))).length, {
        timeout: SERVER_WORK_TIMEOUT,
      })
      .toBe(1);
    const [mail] = await t.db.select().from(devOutbox).where(eq(devOutbox.to, TEAM));
    expect(mail?.subject).toBe(`Catamaran feedback #${row?.id} from ${user.email}`);
    expect(mail?.text).toContain(text);
    expect(mail?.html).toContain('&lt;b&gt;remember&lt;/b&gt;');
  });

  it('only keeps it when no FEEDBACK_EMAIL is set', async () => {
    const { token } = await learner(quiet);
    expect((await send(token, { feedback_text: 'Kept, not mailed.' }, quiet)).status).toBe(201);
    expect(await quiet.db.select().from(feedback)).toHaveLength(1);
    expect(await quiet.db.select().from(devOutbox)).toEqual([]);
  });
});
