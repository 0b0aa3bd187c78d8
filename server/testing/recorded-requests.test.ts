// The API's answers to a fixed set of requests, recorded in a file and compared byte for byte: a reshaping of
// the code (issue 18) must leave every status, header and body as it was. A change that means to alter an
// answer updates the recording on purpose (`npx vitest run --project api -u server/testing/recorded`), and the
// diff shows exactly what a client will see differently.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '#server/demo/seed.ts';
import { setupTestApp } from './app.ts';
import { createStory, createUser, giveSubscription, signIn } from './factories.ts';

// A built web app of the recording's own, so the answers do not depend on whether `npm run build` has run.
const dist = mkdtempSync(join(tmpdir(), 'catamaran-recorded-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Catamaran</title></head></html>');

const t = setupTestApp({ app: { webDistDir: dist } });

/** Headers that differ from one run to the next by nature, or follow from the body. */
const VOLATILE_HEADERS = new Set([
  'date',
  'x-request-id',
  'content-length',
  'etag',
  'last-modified',
  'keep-alive',
  'connection',
  'x-ratelimit-reset',
]);

interface Caller {
  name: string;
  token?: string;
}

const visitor: Caller = { name: 'visitor' };
const learner: Caller = { name: 'learner' };
const proLearner: Caller = { name: 'pro learner' };
const admin: Caller = { name: 'admin' };

/**
 * Replaces what a run makes afresh (ids of rows keyed by UUID, times, dates, the stamps in media keys, tokens and signatures) with
 * stable names; a UUID keeps its number within the recording, so an answer that names the same row twice
 * still shows it.
 */
function stable(text: string, uuids: Map<string, string>): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (uuid) => {
      const known = uuids.get(uuid.toLowerCase());
      if (known) return known;
      const name = `<uuid-${uuids.size + 1}>`;
      uuids.set(uuid.toLowerCase(), name);
      return name;
    })
    .replace(/\b\d{13}-[0-9a-f]{8}\b/g, '<media-stamp>')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
    .replace(/learner\d+-\d+@example\.com/g, '<factory-email>')
    .replace(/\b(expires|exp|iat)([=":]+)\d{9,}/g, '$1$2<epoch>')
    .replace(/[A-Za-z0-9_-]{32,}/g, (run) => (/[0-9]/.test(run) ? '<token>' : run));
}

const entries: string[] = [];
const uuids = new Map<string, string>();

/** Sends one request as `caller` and records what came back, in a form a diff reads well. */
async function record(caller: Caller, options: InjectOptions & { note?: string }) {
  const { note, ...request } = options;
  const sent = {
    ...(request.headers ?? {}),
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
  };
  const response = await t.app.inject({ ...request, headers: sent });
  const headers = Object.entries(response.headers)
    .filter(([name]) => !VOLATILE_HEADERS.has(name.toLowerCase()))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
  const type = String(response.headers['content-type'] ?? '');
  const body = /json|text|html|javascript|xml/.test(type)
    ? response.body
    : `<${response.rawPayload.length} bytes, sha256 ${createHash('sha256').update(response.rawPayload).digest('hex').slice(0, 16)}>`;
  const title = `### ${request.method ?? 'GET'} ${request.url} as ${caller.name}${note ? ` (${note})` : ''}`;
  entries.push(stable([title, String(response.statusCode), ...headers, '', body, ''].join('\n'), uuids));
  return response;
}

const json = (
  caller: Caller,
  method: InjectOptions['method'],
  url: string,
  payload: unknown,
  note?: string,
) =>
  record(caller, {
    method,
    url,
    payload: payload as InjectOptions['payload'],
    headers: { 'content-type': 'application/json' },
    note,
  });
const get = (caller: Caller, url: string, note?: string) => record(caller, { method: 'GET', url, note });
/** A change the outbox sends (decision 084): JSON with the Idempotency-Key and Occurred-At headers given. */
const offline = (
  caller: Caller,
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  note: string,
) =>
  record(caller, {
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: { 'content-type': 'application/json', ...headers },
    note,
  });

/** A multipart body as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const APPLICATION = {
  form_language: 'fr',
  full_name: 'Camille Martin',
  email: 'camille@example.com',
  city_country: 'Lyon, France',
  native_languages: 'Français',
  experience_text: 'Comédienne de doublage.',
  camera_comfortable: true,
  accent_description: 'Neutre',
  quiet_env: true,
  can_purchase_mic: null,
  willing_submit_sample: true,
  weekly_hours_choice: '5-10',
  desired_hourly_rate: '30 EUR',
  topics_general: true,
  topics_18: false,
  topics_nsfw: false,
  why_catamaran: 'Pour les apprenants.',
  fit_for_learners: 'Je lis lentement.',
  expressive_reading: 'Oui.',
  anything_else: '',
};

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);

let freeStory = 0;
let freeChapter = 0;
let proChapter = 0;
let draftChapter = 0;

beforeAll(async () => {
  await seedDemoContent({
    db: t.db,
    pool: t.app.pool,
    limits: t.config.dictionaryLimits,
    log: t.app.log,
    storage: t.app.storage,
  });
  learner.token = (await signIn(t.db, await createUser(t.db, { email: 'learner@example.com' }))).accessToken;
  const pro = await createUser(t.db, { email: 'pro@example.com' });
  await giveSubscription(t.db, pro.id);
  proLearner.token = (await signIn(t.db, pro)).accessToken;
  admin.token = (
    await signIn(t.db, await createUser(t.db, { email: 'admin@example.com', isAdmin: true }))
  ).accessToken;
  const free = await createStory(t.db, { chapters: 2, story: { title: 'Recorded free story' } });
  const paid = await createStory(t.db, { story: { title: 'Recorded Pro story', isFree: false } });
  const draft = await createStory(t.db, { story: { title: 'Recorded draft', isPublished: false } });
  freeStory = free.story.id;
  freeChapter = free.chapters[0]?.id ?? 0;
  proChapter = paid.chapters[0]?.id ?? 0;
  draftChapter = draft.chapters[0]?.id ?? 0;
}, 120_000);

describe('the recorded requests', () => {
  it('answer as recorded, byte for byte', async () => {
    // Public calls.
    await get(visitor, '/api/health');
    await get(visitor, '/api/health/ready');
    await get(visitor, '/api/languages/');
    await get(visitor, '/api/stories/?language=es');
    await get(visitor, '/api/dict/lookup/?language=es&surface=gata');
    await get(learner, '/api/stories/?language=es&difficulty=infant&length=very_short&hide_adult=true');
    await get(learner, '/api/stories/?language=es&search=gata');
    await get(learner, '/api/stories/?language=xx1');
    await get(learner, '/api/stories/?language=es&difficulty=wizard');
    await get(visitor, `/api/stories/${freeStory}/`);
    await get(visitor, '/api/stories/999999/');
    await get(visitor, '/api/stories/abc/');
    await get(learner, '/api/dict/lookup/?language=es&surface=gata');
    await get(learner, '/api/dict/lookup/?language=es&surface=Luna,');
    await get(learner, '/api/dict/lookup/?language=es&surface=zzzzqq');
    await get(learner, '/api/dict/lookup/?language=es');
    await get(learner, '/api/dict/lookup/?language=1&surface=gata');
    const lookups = '/api/dict/lookups/';
    const words = [{ surface: 'gata' }, { surface: 'Luna,' }, { surface: 'zzzzqq' }, { surface: 'gata' }];
    await json(visitor, 'POST', lookups, { language: 'es', words }, 'no token');
    await json(learner, 'POST', lookups, { language: 'es', words });
    await json(
      learner,
      'POST',
      lookups,
      { language: 'es', words: [{ surface: 'gata' }, {}] },
      'a word without surface',
    );
    await json(learner, 'POST', lookups, { language: 'es', words: [] }, 'no words');
    await get(visitor, '/api/no-such-call/');

    // Signed-in calls without a token.
    for (const url of [
      `/api/chapters/${freeChapter}/`,
      '/api/user/language-progress/',
      '/api/words/',
      '/api/daily-goal/?language=es',
      '/api/activity/',
      '/api/me/subscription/',
      '/api/admin/check-permission/',
      '/api/admin/languages/',
      '/api/admin/stories/',
      '/api/admin/translations/imports/',
      '/api/teacher-applications/',
      '/api/applicant-video/admin/list/',
    ]) {
      await get(visitor, url, 'no token');
    }
    await json(visitor, 'POST', '/api/words/save/', { word: 'gata', language: 'es' }, 'no token');
    await json(visitor, 'POST', '/api/feedback/', { feedback_text: 'Hola' }, 'no token');
    await get({ name: 'a forged token', token: 'not.a.token' }, '/api/words/');

    // A learner reading.
    await get(learner, `/api/stories/${freeStory}/`);
    await get(learner, '/api/stories/?language=es');
    await get(learner, `/api/chapters/${freeChapter}/`);
    await get(learner, `/api/chapters/${proChapter}/`, 'a Pro story');
    await get(proLearner, `/api/chapters/${proChapter}/`, 'a Pro story');
    await get(learner, `/api/chapters/${draftChapter}/`, 'an unpublished story');
    await get(admin, `/api/chapters/${draftChapter}/`, 'an unpublished story');
    await get(learner, '/api/chapters/0/');
    await get(learner, '/api/chapters/nope/');
    await json(learner, 'POST', `/api/chapters/${freeChapter}/mark-read/`, {
      words_read: 10,
      time_spent: 60,
    });
    await json(learner, 'POST', `/api/chapters/${freeChapter}/mark-read/`, {}, 'again');
    await json(learner, 'POST', `/api/chapters/${freeChapter}/mark-read/`, { words_read: -1 });
    await json(learner, 'POST', `/api/chapters/${proChapter}/mark-read/`, {}, 'a Pro story');
    await json(learner, 'POST', `/api/chapters/${freeChapter}/mark-unread/`, {});
    await json(learner, 'POST', `/api/chapters/${proChapter}/mark-unread/`, {}, 'a Pro story');
    await json(learner, 'POST', `/api/chapters/${freeChapter}/mark-read/`, {}, 'read again');
    await get(learner, '/api/user/language-progress/');
    await json(learner, 'POST', '/api/user/language-progress/', { language_id: 'es' });
    await json(learner, 'POST', '/api/user/language-progress/', { language_id: 999999 });
    await json(learner, 'POST', '/api/words/save/', { word: 'Gata,', language: 'es', chapter: freeChapter });
    await json(learner, 'POST', '/api/words/save/', { word: 'gata', language: 'es' }, 'again');
    await json(learner, 'POST', '/api/words/save/', { word: '', language: 'es' });
    await json(learner, 'POST', '/api/words/save/', { word: 'gata', language: 'es', chapter: 999999 });
    await json(learner, 'POST', '/api/words/save/', 'not an object');
    await get(learner, '/api/words/');
    await get(learner, '/api/words/?language=es');
    await get(learner, '/api/words/?language=!!');
    await get(learner, '/api/daily-goal/?language=es');
    await json(learner, 'PUT', '/api/daily-goal/?language=es', { goal_minutes: 25 });
    await json(learner, 'PUT', '/api/daily-goal/?language=es', { goal_minutes: 0 });
    await json(learner, 'PUT', '/api/daily-goal/', { goal_minutes: 25 });
    await json(learner, 'POST', '/api/track-reading-time/', { chapter_id: freeChapter, seconds: 120 });
    await json(learner, 'POST', '/api/track-reading-time/', { chapter_id: freeChapter, seconds: 'long' });
    await get(learner, '/api/daily-goal/?language=es', 'after reading');
    await get(learner, '/api/activity/');
    await get(learner, '/api/activity/?month=2026-13');
    await get(learner, '/api/activity/?from=2026-02-30');

    // The outbox's headers (decision 084).
    const key = { 'idempotency-key': '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b' };
    const word = { word: 'luna', language: 'es' };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const reading = { chapter_id: freeChapter, seconds: 30 };
    await offline(learner, '/api/words/save/', word, key, 'with an Idempotency-Key');
    await offline(learner, '/api/words/save/', word, key, 'the same key again');
    await offline(learner, '/api/words/save/', { ...word, word: 'sol' }, key, 'the same key, another word');
    await offline(
      learner,
      '/api/words/save/',
      word,
      { 'idempotency-key': 'abc' },
      'a key that is not a UUID',
    );
    await offline(
      learner,
      '/api/track-reading-time/',
      reading,
      { 'occurred-at': hoursAgo(8 * 24) },
      '8 days ago',
    );
    await offline(
      learner,
      '/api/track-reading-time/',
      reading,
      { 'occurred-at': hoursAgo(-1 / 6) },
      '10 min ahead',
    );
    await offline(
      learner,
      '/api/track-reading-time/',
      reading,
      { 'occurred-at': 'yesterday' },
      'not a moment',
    );
    await get(learner, '/api/me/subscription/');
    await get(proLearner, '/api/me/subscription/');
    await json(learner, 'POST', '/api/create-checkout-session/', { plan: 'monthly' }, 'billing not set up');
    await json(learner, 'POST', '/api/create-checkout-session/', { plan: 'weekly' });
    await json(learner, 'POST', '/api/create-customer-portal/', {}, 'billing not set up');
    await json(visitor, 'POST', '/api/stripe/webhook/', { id: 'evt_1' }, 'no signature');
    await json(learner, 'POST', '/api/feedback/', { feedback_text: 'Me gusta mucho.' });
    await json(learner, 'POST', '/api/feedback/', { feedback_text: '   ' });

    // Narrators.
    await json(visitor, 'POST', '/api/teacher-application/', APPLICATION);
    await json(visitor, 'POST', '/api/teacher-application/', { ...APPLICATION, email: 'not an address' });
    await json(visitor, 'POST', '/api/teacher-application/', { ...APPLICATION, quiet_env: 'yes' });
    await get(visitor, '/api/applicant-video/start/?email=nobody@example.com&filename=a.mp4');
    await get(visitor, '/api/applicant-video/start/?email=camille@example.com&filename=a.txt');
    await get(visitor, '/api/applicant-video/start/?email=camille@example.com&filename=a.mp4');
    // The video upload itself needs a real socket (it sets an idle timeout): server/narrators tests it.
    await get(learner, '/api/teacher-applications/', 'a learner');
    await get(admin, '/api/teacher-applications/');
    await json(admin, 'PATCH', '/api/teacher-applications/1/toggle-contacted/', {});
    await json(admin, 'PATCH', '/api/teacher-applications/999999/toggle-contacted/', {});
    await get(admin, '/api/applicant-video/admin/list/');
    await get(admin, '/api/applicant-video/admin/signed-url/?path=applicant-videos/missing.mp4');
    await get(admin, '/api/applicant-video/admin/signed-url/');

    // Administration.
    await get(learner, '/api/admin/check-permission/');
    await get(admin, '/api/admin/check-permission/');
    await get(learner, '/api/admin/languages/', 'a learner');
    await get(admin, '/api/admin/languages/');
    await json(admin, 'POST', '/api/admin/languages/', { code: 'qz', name: 'Test', native_name: 'Test' });
    await json(admin, 'POST', '/api/admin/languages/', { code: 'qz', name: 'Again', native_name: 'Again' });
    await json(admin, 'POST', '/api/admin/languages/', { code: 'Q', name: '', native_name: 5 });
    await get(admin, '/api/admin/stories/');
    const created = await json(admin, 'POST', '/api/admin/stories/', {
      title: 'Recorded new story',
      author: 'Recorder',
      language: 1,
      topics: 'adventure',
    });
    const storyId = (created.json() as { id?: number }).id ?? 0;
    await json(admin, 'POST', '/api/admin/stories/', { title: '', author: 'x', language: 1 });
    await get(admin, `/api/admin/stories/${storyId}/`);
    await json(admin, 'PUT', `/api/admin/stories/${storyId}/`, {
      title: 'Recorded new story, renamed',
      author: 'Recorder',
      language: 1,
      cover_image_url: 'https://elsewhere.example/cover.png',
    });
    const chapter = await json(admin, 'POST', `/api/admin/stories/${storyId}/chapters/`, {
      title: 'Uno',
      content: '<p>Hola <script>alert(1)</script><em>mundo</em></p>',
    });
    const chapterId = (chapter.json() as { id?: number }).id ?? 0;
    await json(admin, 'POST', `/api/admin/stories/${storyId}/chapters/`, { title: 'Dos' });
    await get(admin, `/api/admin/stories/${storyId}/chapters/`);
    await json(admin, 'PUT', `/api/admin/chapters/${chapterId}/`, {
      title: 'Uno bis',
      content: 'Hola otra vez',
    });
    await json(admin, 'DELETE', `/api/admin/chapters/${chapterId}/`, {});
    await json(admin, 'DELETE', `/api/admin/stories/${storyId}/`, {});
    await json(admin, 'DELETE', '/api/admin/stories/999999/', {});
    await get(admin, '/api/admin/translations/imports/');
    await get(admin, '/api/admin/translations/imports/999999/');
    await record(admin, {
      method: 'POST',
      url: '/api/admin/uploads/cover/',
      ...(await multipart({}, { name: 'cover.txt', type: 'text/plain', bytes: Buffer.from('not an image') })),
      note: 'text as a cover',
    });
    await record(admin, {
      method: 'POST',
      url: '/api/admin/uploads/audio/',
      ...(await multipart({}, { name: 'cover.png', type: 'image/png', bytes: PNG })),
      note: 'an image as audio',
    });
    await record(admin, {
      method: 'POST',
      url: '/api/admin/translations/upload/',
      ...(await multipart({ source_language: 'es' })),
      note: 'no file',
    });
    await record(admin, {
      method: 'POST',
      url: '/api/admin/bulk-import-stories/',
      ...(await multipart({ language: 'es' })),
      note: 'no workbook',
    });
    await record(learner, {
      method: 'POST',
      url: '/api/admin/uploads/cover/',
      ...(await multipart({}, { name: 'cover.png', type: 'image/png', bytes: PNG })),
      note: 'a learner',
    });

    // The web app's shell.
    await get(visitor, '/no-such-screen');
    await get(visitor, '/dashboard');

    // The account a learner owns: devices, the download, deletion (after everything else: it deletes).
    await get(visitor, '/api/me/sessions/', 'no token');
    await get(visitor, '/api/me/export/', 'no token');
    await json(visitor, 'DELETE', '/api/me/', { email: 'learner@example.com' }, 'no token');
    await get(learner, '/api/me/sessions/');
    await json(learner, 'DELETE', '/api/me/sessions/not-a-session/', {});
    await json(learner, 'DELETE', '/api/me/sessions/7d444840-9dc0-11d1-b245-5ffdce74fad2/', {});
    await get(learner, '/api/me/export/');
    const leaving: Caller = { name: 'a learner leaving' };
    leaving.token = (
      await signIn(t.db, await createUser(t.db, { email: 'leaving@example.com' }))
    ).accessToken;
    await json(leaving, 'DELETE', '/api/me/', {}, 'no confirmation');
    await json(leaving, 'DELETE', '/api/me/', { email: 'learner@example.com' }, 'another address');
    await json(admin, 'DELETE', '/api/me/', { email: 'admin@example.com' }, 'the last admin');
    // Not asked again here: whether the token's session check or the deletion answers that 401 depends on
    // the guard's cache of live sessions (server/account tests the second call).
    await json(leaving, 'DELETE', '/api/me/', { email: 'Leaving@Example.com' });

    await expect(entries.join('\n')).toMatchFileSnapshot('./__snapshots__/recorded-requests.txt');
  }, 120_000);
});
