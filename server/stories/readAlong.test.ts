// Read-along timings through the admin API (issue 23, decision 077): a file previewed against the chapter's
// sentences, starts saved for the sentences they were made for, and dropped from view when the text changes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadAlongPreview, ReadAlongTimings } from '#common/schemas/readAlong.ts';
import type { ReaderChapter } from '#common/schemas/reading.ts';
import type { AdminChapter } from '#common/schemas/stories.ts';
import { chapters, stories } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createStory, createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
let admin = '';
let learner = '';

beforeAll(async () => {
  admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learner = (await signIn(t.db, await createUser(t.db))).accessToken;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = <T>(method: Method, url: string, token: string | undefined, payload?: object) =>
  t.request<T>({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });

const TEXT = '<p>Hola, amigo. ¿Vienes hoy?</p><p>¡Sí!</p>';
const VTT =
  'WEBVTT\n\n00:00.000 --> 00:02.400\nHola amigo\n\n00:02.400 --> 00:05.000\nVienes hoy\n\n00:05.000 --> 00:06.000\nSí\n';

async function chapter(options: { audio?: boolean } = {}): Promise<number> {
  const { chapters: made } = await createStory(t.db, { languageCode: 'es' });
  const id = made[0]?.id ?? 0;
  await t.db
    .update(chapters)
    .set({
      content: TEXT,
      ...(options.audio ? { audioKey: 'story-audio/x.mp3', audioDurationSeconds: 6 } : {}),
    })
    .where(eq(chapters.id, id));
  return id;
}

const url = (id: number, rest = '') => `/api/admin/chapters/${id}/read-along/${rest}`;

describe('read-along timings', () => {
  it('are for admins only', async () => {
    const id = await chapter();
    for (const [method, path, body] of [
      ['GET', url(id), undefined],
      ['POST', url(id, 'preview/'), { cues: VTT }],
      ['PUT', url(id), { fingerprint: 'x', starts: [] }],
      ['DELETE', url(id), undefined],
    ] as const) {
      expect((await call(method, path, undefined, body)).status).toBe(401);
      expect((await call(method, path, learner, body)).status).toBe(403);
    }
    expect((await call('GET', url(999_999), admin)).status).toBe(404);
  });

  it("previews a WebVTT file against the chapter's sentences, saving nothing", async () => {
    const id = await chapter();
    const preview = await call<ReadAlongPreview>('POST', url(id, 'preview/'), admin, { cues: VTT });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'vtt',
      sentences: [
        { text: 'Hola, amigo.', start: 0 },
        { text: '¿Vienes hoy?', start: 2.4 },
        { text: '¡Sí!', start: 5 },
      ],
      unmatched_cues: [],
      problems: [],
      coverage: 1,
    });
    const kept = await call<ReadAlongTimings>('GET', url(id), admin);
    expect(kept.body.is_saved).toBe(false);
    expect(kept.body.fingerprint).toBe(preview.body.fingerprint);
  });

  it('refuses a file that is none of the formats, empty, or too large, with a sentence', async () => {
    const id = await chapter();
    const refused = async (cues: unknown) => {
      const response = await call<{ error: string }>('POST', url(id, 'preview/'), admin, { cues });
      expect(response.status).toBe(400);
      return response.body.error;
    };
    expect(await refused('Just some text.')).toBe(
      'The file is not WebVTT, SRT or LRC: export the timings in one of those formats.',
    );
    expect(await refused('')).toBe('The file is empty.');
    expect(await refused(42)).toBe('cues must be the text of a WebVTT, SRT or LRC file.');
    expect(await refused(`WEBVTT\n\n${'x'.repeat(1024 * 1024)}`)).toMatch(/over 1 MB/);
    expect(await refused('WEBVTT\n\nNOTE nothing timed\n')).toBe('The file has no timed lines to match.');
  });

  it('saves a start per sentence for the audio, and shows them again until the text changes', async () => {
    const id = await chapter({ audio: true });
    const { fingerprint } = (await call<ReadAlongTimings>('GET', url(id), admin)).body;

    const saved = await call<ReadAlongTimings>('PUT', url(id), admin, {
      fingerprint,
      starts: [0, 2.4, null],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.is_saved).toBe(true);
    expect((await call<ReadAlongTimings>('GET', url(id), admin)).body.sentences.map((s) => s.start)).toEqual([
      0,
      2.4,
      null,
    ]);

    await t.db.update(chapters).set({ content: '<p>Otro texto. Nuevo.</p>' }).where(eq(chapters.id, id));
    const after = await call<ReadAlongTimings>('GET', url(id), admin);
    expect(after.body.is_saved).toBe(false);
    expect(after.body.sentences).toEqual([
      { text: 'Otro texto.', start: null },
      { text: 'Nuevo.', start: null },
    ]);
    const stale = await call<{ error: string }>('PUT', url(id), admin, { fingerprint, starts: [0, 1] });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(
      'The chapter’s text changed since these timings were made: preview or sync them again.',
    );

    expect((await call('DELETE', url(id), admin)).status).toBe(204);
    const [row] = await t.db
      .select({ readAlong: chapters.readAlong })
      .from(chapters)
      .where(eq(chapters.id, id));
    expect(row?.readAlong).toBeNull();
  });

  it('refuses starts without audio, of the wrong count, out of order or past the audio', async () => {
    const silent = await chapter();
    const silentPrint = (await call<ReadAlongTimings>('GET', url(silent), admin)).body.fingerprint;
    const noAudio = await call<{ error: string }>('PUT', url(silent), admin, {
      fingerprint: silentPrint,
      starts: [0, 1, 2],
    });
    expect(noAudio.body).toEqual({ error: 'Add the chapter’s audio before its timings.' });

    const id = await chapter({ audio: true });
    const fingerprint = (await call<ReadAlongTimings>('GET', url(id), admin)).body.fingerprint;
    const refused = async (starts: unknown) =>
      (await call<{ error: string }>('PUT', url(id), admin, { fingerprint, starts })).body.error;
    expect(await refused([0, 1])).toBe('starts must have one entry per sentence: this chapter has 3.');
    expect(await refused([0, 3, 2])).toBe('Each sentence must start after the one before it.');
    expect(await refused([0, 3, 60])).toBe('A start is after the end of the audio (6 s).');
    expect(await refused([0, -1, 2])).toBe('A start cannot be before the audio begins.');
    expect(await refused('soon')).toBe('starts must be a list of seconds, one per sentence.');
  });

  it('are kept by a save that leaves the sentences and audio alone, and dropped, said once, by one that does not', async () => {
    const id = await chapter({ audio: true });
    const { fingerprint } = (await call<ReadAlongTimings>('GET', url(id), admin)).body;
    await call('PUT', url(id), admin, { fingerprint, starts: [0, 2.4, 5] });
    const save = (content: string, extra: object = {}) =>
      call<AdminChapter>('PUT', `/api/admin/chapters/${id}/`, admin, { title: 'C1', content, ...extra });

    // Markup only: the same sentences.
    const kept = await save('<p><em>Hola</em>, amigo. ¿Vienes hoy?</p><p>¡Sí!</p>');
    expect(kept.status).toBe(200);
    expect(kept.body.read_along_dropped).toBeUndefined();
    expect((await call<ReadAlongTimings>('GET', url(id), admin)).body.is_saved).toBe(true);

    const changed = await save('<p>Hola, amigo. ¿Vienes mañana?</p><p>¡Sí!</p>');
    expect(changed.body.read_along_dropped).toBe(true);
    expect((await call<ReadAlongTimings>('GET', url(id), admin)).body.is_saved).toBe(false);
    expect(
      (await save('<p>Hola, amigo. ¿Vienes mañana?</p><p>¡Sí!</p>')).body.read_along_dropped,
    ).toBeUndefined();

    // A new recording: the timings were for the old one.
    const again = (await call<ReadAlongTimings>('GET', url(id), admin)).body.fingerprint;
    await call('PUT', url(id), admin, { fingerprint: again, starts: [0, 2.4, 5] });
    const removed = await save('<p>Hola, amigo. ¿Vienes mañana?</p><p>¡Sí!</p>', { audio_url: null });
    expect(removed.body.read_along_dropped).toBe(true);
  });

  it("reach the reader with the chapter, as each sentence's word range and start, only while the audio is there", async () => {
    const id = await chapter({ audio: true });
    await t.db
      .update(stories)
      .set({ isPublished: true, isFree: true })
      .where(
        eq(stories.id, (await t.db.select().from(chapters).where(eq(chapters.id, id)))[0]?.storyId ?? 0),
      );
    const read = async () =>
      (await call<ReaderChapter>('GET', `/api/chapters/${id}/`, learner)).body.read_along;
    expect(await read()).toBeUndefined();

    const { fingerprint } = (await call<ReadAlongTimings>('GET', url(id), admin)).body;
    await call('PUT', url(id), admin, { fingerprint, starts: [0, 2.4, null] });
    // "Hola, amigo." words 0-1, "¿Vienes hoy?" 2-3, "¡Sí!" 4.
    expect(await read()).toEqual({
      sentences: [
        [0, 1, 0],
        [2, 3, 2.4],
        [4, 4, null],
      ],
    });

    await t.db.update(chapters).set({ audioKey: null }).where(eq(chapters.id, id));
    expect(await read()).toBeUndefined();
  });
});
