import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantVideo, TeacherApplication } from '#common/schemas/narrators.ts';
import { teacherApplications } from '#server/db/schema.ts';
import { signMediaQuery } from '#server/storage/signed.ts';
import { setupTestApp, TEST_JWT_SECRET } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { multipartBody, postForm } from '#server/testing/raw-http.ts';
import { testStorage } from '#server/testing/storage.ts';
import { issueUploadPath } from './service.ts';

const t = setupTestApp({
  app: { narratorRateLimits: { applications: 5, videoStarts: 30, videoUploads: 30 } },
});
let base = '';
let adminToken = '';
let learnerToken = '';

beforeAll(async () => {
  base = await t.listen();
  adminToken = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learnerToken = (await signIn(t.db, await createUser(t.db))).accessToken;
});

// Each call comes from an address of its own, so only the rate-limit test meets the limit.
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

const COMPLETE = {
  form_language: 'es',
  full_name: 'Lucía Fernández',
  email: 'Lucia@Example.com',
  city_country: 'Sevilla, España',
  native_languages: 'Español, catalán',
  experience_text: 'Locutora de radio durante seis años.',
  camera_comfortable: true,
  accent_description: 'Andaluz suave',
  quiet_env: true,
  can_purchase_mic: false,
  willing_submit_sample: true,
  weekly_hours_choice: '10-20',
  desired_hourly_rate: '25 EUR',
  topics_general: true,
  topics_18: true,
  topics_nsfw: false,
  why_catamaran: 'Me encanta leer en voz alta.',
  fit_for_learners: 'Hablo despacio y claro.',
  expressive_reading: 'Sí, mucho.',
  anything_else: '',
};

const apply = (payload: unknown, remoteAddress = freshAddress()) =>
  t.request<{ id?: number; form_language?: string; error?: string }>({
    method: 'POST',
    url: '/api/teacher-application/',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

/** The smallest MP4 file-type recognises: an ftyp box, then `size` bytes of media data. */
function mp4(size = 2048): Buffer {
  const ftyp = Buffer.from('00000018667479706973736f0000020069736f6d6d703431', 'hex');
  return Buffer.concat([ftyp, Buffer.alloc(size)]);
}
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);

/** The objects under the storage's applicant-videos/, partial uploads included. */
const storedVideos = () => t.storedIn('applicant-videos');

async function startUpload(email: string, filename = 'sample.mp4', contentType = 'video/mp4') {
  const query = new URLSearchParams({ email, filename, content_type: contentType });
  return t.request<{ upload_path?: string; error?: string }>({
    method: 'GET',
    url: `/api/applicant-video/start/?${query}`,
    remoteAddress: freshAddress(),
  });
}

async function upload(fields: { email?: string; path?: string }, file?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  if (fields.email !== undefined) form.append('email', fields.email);
  if (fields.path !== undefined) form.append('path', fields.path);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'video/mp4' }), file.name);
  const response = await fetch(`${base}/api/applicant-video/upload/`, { method: 'POST', body: form });
  return {
    status: response.status,
    body: (await response.json()) as Partial<ApplicantVideo> & { error?: string },
  };
}

/** An applicant who has applied, with an upload path from the start call. */
async function applicant(email: string) {
  expect((await apply({ ...COMPLETE, email })).status).toBe(201);
  const started = await startUpload(email);
  expect(started.status).toBe(200);
  return started.body.upload_path as string;
}

describe('POST /api/teacher-application/', () => {
  it('keeps a complete application from a visitor, with its form language and yes/no answers', async () => {
    const { status, body } = await apply(COMPLETE);

    expect(status).toBe(201);
    expect(body).toMatchObject({ form_language: 'es' });
    const [row] = await t.db
      .select()
      .from(teacherApplications)
      .where(eq(teacherApplications.id, body.id as number));
    expect(row).toMatchObject({
      formLanguage: 'es',
      fullName: 'Lucía Fernández',
      email: 'Lucia@Example.com',
      cameraComfortable: true,
      canPurchaseMic: false,
      weeklyHoursChoice: '10-20',
      topics18: true,
      topicsNsfw: false,
      contacted: false,
    });
  });

  it('takes the optional answers as absent, blank or null', async () => {
    const { accent_description, can_purchase_mic, desired_hourly_rate, fit_for_learners, ...required } =
      COMPLETE;
    const { status, body } = await apply({ ...required, expressive_reading: null, anything_else: '   ' });

    expect(status).toBe(201);
    const [row] = await t.db
      .select()
      .from(teacherApplications)
      .where(eq(teacherApplications.id, body.id as number));
    expect(row).toMatchObject({
      canPurchaseMic: null,
      accentDescription: '',
      anythingElse: '',
      expressiveReading: '',
    });
  });

  it.each([
    ['full_name', 'Full name is required.'],
    ['email', 'Email is required.'],
    ['city_country', 'City and country is required.'],
    ['native_languages', 'Native languages is required.'],
    ['experience_text', 'Job experience is required.'],
    ['camera_comfortable', 'Comfort on camera must be answered yes or no.'],
    ['quiet_env', 'Quiet environment must be answered yes or no.'],
    ['willing_submit_sample', 'Willingness to submit a sample must be answered yes or no.'],
    ['weekly_hours_choice', 'Weekly hours must be one of <5, 5-10, 10-20 or 20+.'],
    ['why_catamaran', 'Why you want to work with Catamaran is required.'],
  ])('refuses an application without %s: "%s"', async (field, sentence) => {
    const { [field as keyof typeof COMPLETE]: _left, ...rest } = COMPLETE;

    expect(await apply(rest)).toMatchObject({ status: 400, body: { error: sentence } });
    if (typeof COMPLETE[field as keyof typeof COMPLETE] === 'string') {
      expect((await apply({ ...rest, [field]: '   ' })).status).toBe(400);
    }
  });

  it('refuses wrong types and values with a sentence, saving nothing', async () => {
    const before = await t.db.$count(teacherApplications);
    const cases: [unknown, string][] = [
      [{ ...COMPLETE, camera_comfortable: 'yes' }, 'Comfort on camera must be answered yes or no.'],
      [{ ...COMPLETE, can_purchase_mic: 'no' }, 'Microphone purchase must be answered yes or no.'],
      [{ ...COMPLETE, email: 'not-an-address' }, 'Enter a valid email address.'],
      [{ ...COMPLETE, weekly_hours_choice: '40' }, 'Weekly hours must be one of <5, 5-10, 10-20 or 20+.'],
      [{ ...COMPLETE, form_language: 'de' }, 'form_language must be en, es, fr or zh.'],
      [{ ...COMPLETE, topics_nsfw: 1 }, 'topics_nsfw must be true or false.'],
      [{ ...COMPLETE, full_name: 'x'.repeat(201) }, 'Full name can be at most 200 characters.'],
      [{ ...COMPLETE, experience_text: 12 }, 'Job experience must be text.'],
      [{ ...COMPLETE, anything_else: { text: 'x' } }, 'Anything else must be text.'],
      [
        { ...COMPLETE, why_catamaran: 'x'.repeat(5001) },
        'Why you want to work with Catamaran can be at most 5,000 characters.',
      ],
      [{ ...COMPLETE, full_name: 'Ana\u0000Lima' }, 'Full name must not contain control characters.'],
      [{ ...COMPLETE, anything_else: 'ok\u0007' }, 'Anything else must not contain control characters.'],
      [[COMPLETE], 'Send the application as a JSON object.'],
    ];
    for (const [payload, sentence] of cases) {
      expect(await apply(payload), sentence).toMatchObject({ status: 400, body: { error: sentence } });
    }
    expect(await t.db.$count(teacherApplications)).toBe(before);
  });

  it('limits how often one network may apply, per hour', async () => {
    const address = '203.0.113.9';
    for (let sent = 0; sent < 5; sent++) expect((await apply({}, address)).status).toBe(400);

    const limited = await apply(COMPLETE, address);

    expect(limited.status).toBe(429);
    // The wait is in the header, for the form to say in its own language, and in the sentence.
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(limited.body.error).toBe(
      `Too many requests from your network. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
    expect((await apply(COMPLETE, '203.0.113.10')).status).toBe(201);
  });
});

describe('GET /api/applicant-video/start/', () => {
  it('gives an applicant (in any letter case) a signed path for a video type the list names', async () => {
    await apply({ ...COMPLETE, email: 'start@example.com' });

    for (const [name, type, extension] of [
      ['me.mp4', 'video/mp4', 'mp4'],
      ['me.MOV', 'video/quicktime', 'mov'],
      ['me.webm', 'video/webm', 'webm'],
      ['me.mkv', '', 'mkv'],
      ['me.avi', 'video/x-msvideo', 'avi'],
      ['me.mpg', 'video/mpeg', 'mpeg'],
      ['clip', 'video/mp4', 'mp4'],
    ] as const) {
      const { status, body } = await startUpload('START@example.com', name, type);
      expect(status, name).toBe(200);
      expect(body.upload_path).toMatch(
        new RegExp(`^applicant-videos/\\d{13}-[0-9a-f]{8}-[0-9a-f]{32}\\.${extension}$`),
      );
    }
  });

  it('limits start calls per network', async () => {
    const query = '/api/applicant-video/start/?email=limit%40example.com&filename=a.mp4';
    for (let sent = 0; sent < 30; sent++) {
      expect((await t.request({ method: 'GET', url: query, remoteAddress: '2001:db8:1:2::5' })).status).toBe(
        403,
      );
    }

    const limited = await t.request<{ error: string }>({
      method: 'GET',
      url: query,
      remoteAddress: '2001:db8:1:2::77',
    });

    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many requests from your network/);
  });

  it("answers 'Not authorized' to an address that has not applied", async () => {
    expect(await startUpload('stranger@example.com')).toMatchObject({
      status: 403,
      body: { error: 'Not authorized' },
    });
  });

  it('refuses other types, and asks for the address and the file', async () => {
    await apply({ ...COMPLETE, email: 'types@example.com' });

    for (const [name, type] of [
      ['notes.txt', 'text/plain'],
      ['song.mp3', 'audio/mpeg'],
      ['clip.3gp', 'video/3gpp'],
    ]) {
      expect(await startUpload('types@example.com', name, type)).toMatchObject({
        status: 415,
        body: { error: 'Only MP4, WebM, MOV, MKV, AVI or MPEG videos can be uploaded.' },
      });
    }
    expect((await startUpload('', 'a.mp4')).body.error).toBe('Email and file are required');
    expect((await startUpload('types@example.com', '')).body.error).toBe('Email and file are required');
  });
});

describe('POST /api/applicant-video/upload/', () => {
  it('stores the video at its path, under its own name and size, for the admin to list', async () => {
    const path = await applicant('video@example.com');
    const bytes = mp4(5000);

    const { status, body } = await upload(
      { email: 'video@example.com', path },
      { bytes, name: 'Mi muestra.mp4' },
    );

    expect(status).toBe(201);
    expect(body).toMatchObject({
      storage_path: path,
      original_filename: 'Mi muestra.mp4',
      file_size: bytes.length,
    });
    expect(await storedVideos()).toContain(path.slice('applicant-videos/'.length));
    const list = await t.get<ApplicantVideo[]>('/api/applicant-video/admin/list/', { token: adminToken });
    expect(list.body[0]).toMatchObject({ email: 'video@example.com', storage_path: path, file_size: 5024 });
  });

  it('judges the type by the bytes, storing nothing that is not a video', async () => {
    const path = await applicant('png@example.com');
    const before = await storedVideos();

    const refused = await upload({ email: 'png@example.com', path }, { bytes: PNG, name: 'sample.mp4' });

    expect(refused).toMatchObject({
      status: 415,
      body: { error: 'Only MP4, WebM, MOV, MKV, AVI or MPEG videos can be uploaded.' },
    });
    expect(await storedVideos()).toEqual(before);
  });

  it('refuses a path made for someone else, or for an address that never applied', async () => {
    const path = await applicant('owner@example.com');
    await apply({ ...COMPLETE, email: 'other@example.com' });
    const forged = issueUploadPath(TEST_JWT_SECRET, 'nobody@example.com', 'mp4');
    const file = { bytes: mp4(), name: 'a.mp4' };

    expect(await upload({ email: 'other@example.com', path }, file)).toMatchObject({
      status: 403,
      body: { error: 'Not authorized' },
    });
    expect(await upload({ email: 'nobody@example.com', path: forged }, file)).toMatchObject({
      status: 403,
      body: { error: 'Not authorized' },
    });
    expect(
      (await upload({ email: 'owner@example.com', path: 'applicant-videos/../../etc.mp4' }, file)).status,
    ).toBe(400);
  });

  it("answers 'Email and file are required' without either, and refuses a path used twice", async () => {
    const path = await applicant('twice@example.com');
    const file = { bytes: mp4(), name: 'a.mp4' };

    expect((await upload({ path }, file)).body.error).toBe('Email and file are required');
    expect((await upload({ email: 'twice@example.com', path })).body.error).toBe(
      'Email and file are required',
    );
    expect((await upload({ email: 'twice@example.com', path }, file)).status).toBe(201);
    expect(await upload({ email: 'twice@example.com', path }, file)).toMatchObject({
      status: 409,
      body: { error: 'This video was received already. To send another, start again.' },
    });
    const notAForm = await fetch(`${base}/api/applicant-video/upload/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notAForm.status).toBe(415);
  });

  it('refuses a path that is old, or altered in any part', async () => {
    const path = await applicant('paths@example.com');
    const file = { bytes: mp4(), name: 'a.mp4' };
    const old = issueUploadPath(
      TEST_JWT_SECRET,
      'paths@example.com',
      'mp4',
      Date.now() - 25 * 60 * 60 * 1000,
    );

    expect(await upload({ email: 'paths@example.com', path: old }, file)).toMatchObject({
      status: 400,
      body: { error: 'This upload was started too long ago. Please start it again.' },
    });
    for (const altered of [
      path.replace(/\.mp4$/, '.mov'),
      path.replace(/-([0-9a-f])/, (_match, digit: string) => `-${digit === '0' ? '1' : '0'}`),
      path.replace(
        /^applicant-videos\/\d/,
        (match) => `${match.slice(0, -1)}${match.endsWith('1') ? '2' : '1'}`,
      ),
    ]) {
      expect((await upload({ email: 'paths@example.com', path: altered }, file)).status, altered).toBe(403);
    }
  });

  it('keeps a name fit to download under the stored extension, and at most three videos an applicant', async () => {
    await apply({ ...COMPLETE, email: 'many@example.com' });
    const names = ['page.html', 'clip\u202egpj.mp4', 'C:\\Users\\me\\take.MP4'];
    const kept: string[] = [];
    for (const name of names) {
      const { body } = await startUpload('many@example.com');
      const sent = await upload(
        { email: 'many@example.com', path: body.upload_path },
        { bytes: mp4(), name },
      );
      expect(sent.status, name).toBe(201);
      kept.push(sent.body.original_filename as string);
    }

    expect(kept).toEqual(['page.html.mp4', 'clipgpj.mp4', 'take.MP4']);
    expect(await startUpload('many@example.com')).toMatchObject({
      status: 409,
      body: { error: 'You have already sent 3 videos. We will be in touch by email.' },
    });
  });

  it('answers a body cut short with a 400, keeping nothing', async () => {
    const path = await applicant('cut@example.com');
    const before = await storedVideos();
    const boundary = 'cut-short';
    const body = Buffer.concat([
      Buffer.from(
        [
          `--${boundary}`,
          'Content-Disposition: form-data; name="email"',
          '',
          'cut@example.com',
          `--${boundary}`,
          'Content-Disposition: form-data; name="path"',
          '',
          path,
          `--${boundary}`,
          'Content-Disposition: form-data; name="file"; filename="cut.mp4"',
          'Content-Type: video/mp4',
          '',
          '',
        ].join('\r\n'),
      ),
      mp4(200_000),
    ]);

    const response = await fetch(`${base}/api/applicant-video/upload/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The upload was cut short before the file ended: send it again, whole.',
    });
    expect(await storedVideos()).toEqual(before);
  });

  it('answers an empty video at once with 400 and a sentence, keeping nothing', async () => {
    const path = await applicant('empty@example.com');
    const before = await storedVideos();
    const boundary = 'empty-video';
    const body = multipartBody(
      boundary,
      { email: 'empty@example.com', path },
      { name: 'empty.mp4', type: 'video/mp4', bytes: Buffer.alloc(0) },
    );

    const response = await postForm(`${base}/api/applicant-video/upload/`, body, { boundary });

    expect(response).toMatchObject({
      status: 400,
      body: { error: 'The file is empty: choose a file with something in it.' },
    });
    expect(await storedVideos()).toEqual(before);
  });

  it('stops a body over 500 MB while it streams, with a 413 and nothing left behind', async () => {
    const path = await applicant('huge@example.com');
    const before = await storedVideos();
    const boundary = 'catamaran-test-boundary';
    const head = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="email"',
        '',
        'huge@example.com',
        `--${boundary}`,
        'Content-Disposition: form-data; name="path"',
        '',
        path,
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="huge.mp4"',
        'Content-Type: video/mp4',
        '',
        '',
      ].join('\r\n'),
    );
    const total = 600 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024);

    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        const request = httpRequest(`${base}/api/applicant-video/upload/`, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        // The server answers and closes while this side is still writing: a write then fails (EPIPE), which
        // matters only if no answer came.
        let answered = false;
        request.on('response', (response) => {
          answered = true;
          let text = '';
          response.on('data', (data: Buffer) => {
            text += data.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, sent }));
          response.on('error', () => resolve({ status: response.statusCode ?? 0, body: text, sent }));
        });
        request.on('error', (error) => {
          if (!answered) reject(error);
        });
        const pump = () => {
          while (!answered && sent < total) {
            const piece = sent === 0 ? Buffer.concat([head, mp4(chunk.length - head.length - 24)]) : chunk;
            sent += piece.length;
            if (!request.write(piece)) return void request.once('drain', pump);
          }
          if (!answered) request.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      },
    );

    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: 'The video is too large. Maximum size is 500MB.' });
    expect(sent).toBeLessThan(total);
    expect(await storedVideos()).toEqual(before);
  }, 60_000);
});

describe('the admin calls', () => {
  const ADMIN_CALLS = [
    ['GET', '/api/teacher-applications/'],
    ['PATCH', '/api/teacher-applications/1/toggle-contacted/'],
    ['GET', '/api/applicant-video/admin/list/'],
    ['GET', '/api/applicant-video/admin/signed-url/?path=applicant-videos/x.mp4'],
  ] as const;

  it.each(ADMIN_CALLS)('%s %s answers 401 without a session and 403 to a learner', async (method, url) => {
    expect((await t.request({ method, url })).status).toBe(401);
    expect(await t.request({ method, url, token: learnerToken })).toMatchObject({
      status: 403,
      body: { error: 'Only administrators can do this.' },
    });
  });

  it('lists applications newest first with every answer, and toggles "contacted" both ways', async () => {
    const { body: created } = await apply({ ...COMPLETE, email: 'listed@example.com', form_language: 'zh' });

    const list = await t.get<TeacherApplication[]>('/api/teacher-applications/', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      ...COMPLETE,
      id: created.id,
      email: 'listed@example.com',
      form_language: 'zh',
      contacted: false,
    });

    const url = `/api/teacher-applications/${created.id}/toggle-contacted/`;
    const on = await t.request<TeacherApplication>({ method: 'PATCH', url, token: adminToken });
    expect(on.body).toMatchObject({ id: created.id, contacted: true });
    expect(Date.parse(on.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(on.body.created_at));
    const off = await t.request<TeacherApplication>({ method: 'PATCH', url, token: adminToken });
    expect(off.body.contacted).toBe(false);

    for (const id of ['999999', 'abc', '0']) {
      expect(
        await t.request({
          method: 'PATCH',
          url: `/api/teacher-applications/${id}/toggle-contacted/`,
          token: adminToken,
        }),
      ).toMatchObject({ status: 404, body: { error: 'Application not found' } });
    }
  });

  it('signs a download address that opens the video for 10 minutes', async () => {
    const path = await applicant('download@example.com');
    const bytes = mp4(3000);
    await upload({ email: 'download@example.com', path }, { bytes, name: 'Vidéo de Zoé.mp4' });

    // The expiry lies 10 minutes after a moment within the call, however long the call took.
    const asked = Math.floor(Date.now() / 1000);
    const signed = await t.get<{ url: string; expires_in: number }>(
      `/api/applicant-video/admin/signed-url/?path=${encodeURIComponent(path)}`,
      { token: adminToken },
    );
    const answered = Math.ceil(Date.now() / 1000);
    expect(signed.status).toBe(200);
    expect(signed.body.expires_in).toBe(600);
    const url = new URL(signed.body.url, base);
    expect(url.href.startsWith(new URL(`${t.mediaBase}${path}?`, base).href)).toBe(true);
    // An HMAC-signed /media/ address on disk, with its expiry time; an S3 presigned URL, with its lifetime.
    if (testStorage === 's3') {
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(600);
    } else {
      const expires = Number(url.searchParams.get('expires'));
      expect(expires).toBeGreaterThanOrEqual(asked + 600);
      expect(expires).toBeLessThanOrEqual(answered + 600);
    }

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Vid%C3%A9o%20de%20Zo%C3%A9.mp4",
    );
    expect(download.headers.get('cache-control')).toBe('private, no-store');

    expect(
      await t.get('/api/applicant-video/admin/signed-url/?path=applicant-videos/none.mp4', {
        token: adminToken,
      }),
    ).toMatchObject({ status: 404, body: { error: 'Video not found' } });
    expect((await t.get('/api/applicant-video/admin/signed-url/', { token: adminToken })).status).toBe(400);
  });

  // On S3 the bucket checks its presigned URLs (and s3rver checks none): this is the local driver's own check.
  it.skipIf(testStorage === 's3')(
    'refuses a local download address that is missing, lengthened or expired',
    async () => {
      const path = `applicant-videos/${Date.now()}-0123abcd-${'0'.repeat(32)}.mp4`;
      await t.app.storage.put(path, Readable.from([mp4()]), { contentType: 'video/mp4' });
      const expires = Math.floor(Date.now() / 1000) + 600;
      const signed = new URL(
        `${base}/media/${path}?${signMediaQuery(TEST_JWT_SECRET, path, expires, 'x.mp4')}`,
      );
      expect((await fetch(signed)).status).toBe(200);

      const unsigned = await fetch(`${base}/media/${path}`);
      expect(unsigned.status).toBe(403);
      const lengthened = new URL(signed);
      lengthened.searchParams.set('expires', String(expires + 86_400));
      expect(await (await fetch(lengthened)).json()).toEqual({
        error: 'This download link is not valid. Open the file again from the admin area.',
      });
      const past = Math.floor(Date.now() / 1000) - 1;
      const expired = await fetch(
        `${base}/media/${path}?${signMediaQuery(TEST_JWT_SECRET, path, past, 'x.mp4')}`,
      );
      expect(expired.status).toBe(403);
      expect((await expired.json()).error).toBe(
        'This download link has expired. Open the file again from the admin area.',
      );
    },
  );

  it('serves an applicant video only at its signed address, whatever the path tricks', async () => {
    const path = await applicant('tricks@example.com');
    await upload({ email: 'tricks@example.com', path }, { bytes: mp4(), name: 'a.mp4' });
    const name = path.slice('applicant-videos/'.length);
    const rawGet = (target: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        });
        let answer = '';
        socket.on('data', (data: Buffer) => {
          answer += data.toString('latin1');
        });
        socket.on('end', () => resolve(Number(answer.slice(9, 12))));
        socket.on('error', reject);
      });

    for (const target of [
      `/media/${path}`,
      `/media/story-images/../${path}`,
      `/media/story-images/%2e%2e/${path}`,
      `/media/story-images/%2E%2E%2F${path}`,
      `/media/story-audio/..%2f${path}`,
      `/media/APPLICANT-VIDEOS/${name}`,
      `/media/applicant-videos//${name}`,
      `/media/applicant-videos/./${name}`,
      `/media/%61pplicant-videos/${name}`,
      `/media/applicant-videos/${name}%00`,
      `/media/story-images/%ZZ`,
    ]) {
      expect(await rawGet(target), target).not.toBe(200);
    }
  });
});
