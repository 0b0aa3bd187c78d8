import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { multipartBody, postForm } from '#server/testing/raw-http.ts';

const t = setupTestApp();
let base = '';
let adminToken = '';
let learnerToken = '';

beforeAll(async () => {
  base = await t.listen();
  adminToken = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learnerToken = (await signIn(t.db, await createUser(t.db))).accessToken;
});

// The smallest real files of each kind: a PNG's signature and header, a JPEG's markers, a WebP's RIFF header.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
]);

/** A WAV of `seconds` of silence: 8 kHz, 16-bit, mono. */
function wav(seconds: number): Buffer {
  const data = 8000 * 2 * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

async function upload(path: string, bytes: Buffer, name: string, type: string, token = adminToken) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${base}/api/admin/uploads/${path}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The objects under a folder of the storage, including any partial upload left behind. */
const storedIn = (folder: string) => t.storedIn(folder);

describe('POST /api/admin/uploads/cover/', () => {
  it('stores a PNG under covers/ and serves the same bytes at its URL', async () => {
    const { status, body } = await upload('cover/', PNG, 'cover.png', 'image/png');

    expect(status).toBe(201);
    expect(body.key).toMatch(/^story-images\/covers\/\d+-[0-9a-f]{8}\.png$/);
    expect(body).toMatchObject({ content_type: 'image/png', size: PNG.length });
    // /media/… on disk, the bucket's own address on S3.
    expect(body.url).toBe(`${t.mediaBase}${body.key}`);
    const served = await t.fetchStored(body.url as string);
    expect(served.bytes.equals(PNG)).toBe(true);
  });

  it('stores an editor cover under stories/', async () => {
    const { body } = await upload('cover/?folder=stories', JPEG, 'photo.jpg', 'image/jpeg');

    expect(body.key).toMatch(/^story-images\/stories\/\d+-[0-9a-f]{8}\.jpg$/);
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const renamed = await upload('cover/', PNG, 'cover.webp', 'image/webp');
    const text = await upload('cover/', Buffer.from('not an image at all'), 'cover.png', 'image/png');

    expect(renamed.body.key).toMatch(/\.png$/);
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: 'That is not a JPEG, PNG or WebP image.' });
  });

  it('answers 413 over 2 MB, storing nothing', async () => {
    const before = await storedIn('story-images/covers');
    const { status, body } = await upload(
      'cover/',
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      'big.png',
      'image/png',
    );

    expect(status).toBe(413);
    expect(body).toEqual({ error: 'The image is too large. Maximum size is 2MB.' });
    expect(await storedIn('story-images/covers')).toEqual(before);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/uploads/cover/',
      token: adminToken,
      payload: { file: 'x' },
    });

    expect(response.status).toBe(415);
  });

  it('answers a form it cannot read with 400 and a sentence', async () => {
    const response = await t.request<{ error: string }>({
      method: 'POST',
      url: '/api/admin/uploads/cover/',
      token: adminToken,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'not a form',
    });

    expect(response).toMatchObject({
      status: 400,
      body: { error: 'The form could not be read: send it as multipart/form-data, whole.' },
    });
  });

  it('answers 401 without a session and 403 to a learner', async () => {
    expect((await upload('cover/', PNG, 'c.png', 'image/png', '')).body).toEqual({
      error: 'Not authenticated',
    });
    expect((await upload('cover/', PNG, 'c.png', 'image/png', learnerToken)).status).toBe(403);
  });
});

describe('POST /api/admin/uploads/audio/', () => {
  it('stores audio named after its chapter and reads its duration', async () => {
    const { status, body } = await upload('audio/?chapter=42', wav(3), 'take.wav', 'audio/wav');

    expect(status).toBe(201);
    expect(body.key).toMatch(/^story-audio\/chapters\/42-\d+-[0-9a-f]{8}\.wav$/);
    expect(body.duration_seconds).toBe(3);
  });

  it('calls a browser recording (WebM, which names itself video) audio, stored and served as audio/webm', async () => {
    // An EBML header whose DocType is "webm", then a segment: how MediaRecorder's files begin.
    const recording = Buffer.concat([
      Buffer.from('1a45dfa3874282847765626d1853806701ffffffffffffff', 'hex'),
      Buffer.alloc(256),
    ]);
    const { status, body } = await upload('audio/?chapter=new', recording, 'blob', 'audio/webm;codecs=opus');

    expect(status).toBe(201);
    expect(body).toMatchObject({ content_type: 'audio/webm', duration_seconds: null });
    expect(body.key).toMatch(/^story-audio\/chapters\/new-\d+-[0-9a-f]{8}\.webm$/);
    const served = await t.fetchStored(body.url as string);
    expect(served.headers['content-type']).toBe('audio/webm');
  });

  it('names audio of a chapter not saved yet "new"', async () => {
    const { body } = await upload('audio/', wav(1), 'take.wav', 'audio/wav');

    expect(body.key).toMatch(/^story-audio\/chapters\/new-/);
  });

  it('answers 415 to an image sent as audio, and 413 over 50 MB', async () => {
    const before = await storedIn('story-audio/chapters');
    const image = await upload('audio/', PNG, 'song.mp3', 'audio/mpeg');
    const huge = await upload('audio/', wav(3300), 'long.wav', 'audio/wav');

    expect(image.status).toBe(415);
    expect(image.body).toEqual({ error: 'That is not an audio file (MP3, WAV, WebM/Opus, M4A or OGG).' });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Audio file is too large. Maximum size is 50MB.' });
    expect(await storedIn('story-audio/chapters')).toEqual(before);
  });
});

describe('keeping uploads on stories and chapters', () => {
  async function admin<T>(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
    return t.request<T>({ method, url, payload, token: adminToken });
  }
  const served = async (url: string) => (await t.fetchStored(url)).status;

  it('attaches an uploaded cover to a story, replaces it (removing the old file) and removes it', async () => {
    const first = (await upload('cover/', PNG, 'a.png', 'image/png')).body.url as string;
    const second = (await upload('cover/', JPEG, 'b.jpg', 'image/jpeg')).body.url as string;
    const created = await admin<{ id: number; cover_image_url: string | null }>(
      'POST',
      '/api/admin/stories/',
      {
        title: 'El faro',
        author: 'L',
        language: 1,
        cover_image_url: first,
      },
    );
    expect(created.body.cover_image_url).toBe(first);

    const replaced = await admin<{ cover_image_url: string | null }>(
      'PUT',
      `/api/admin/stories/${created.body.id}/`,
      {
        title: 'El faro',
        author: 'L',
        language: 1,
        cover_image_url: second,
      },
    );
    expect(replaced.body.cover_image_url).toBe(second);
    expect(await served(first)).toBe(404);

    const kept = await admin<{ cover_image_url: string | null }>(
      'PUT',
      `/api/admin/stories/${created.body.id}/`,
      {
        title: 'El faro (2)',
        author: 'L',
        language: 1,
      },
    );
    expect(kept.body.cover_image_url).toBe(second);

    const removed = await admin<{ cover_image_url: string | null }>(
      'PUT',
      `/api/admin/stories/${created.body.id}/`,
      {
        title: 'El faro',
        author: 'L',
        language: 1,
        cover_image_url: null,
      },
    );
    expect(removed.body.cover_image_url).toBeNull();
    expect(await served(second)).toBe(404);
  });

  it('refuses a cover URL this site did not give out', async () => {
    for (const cover_image_url of [
      'https://evil.example.com/x.png',
      '/media/../secret.png',
      '/media/story-audio/chapters/1.mp3',
    ]) {
      const response = await admin('POST', '/api/admin/stories/', {
        title: 'T',
        author: 'A',
        language: 1,
        cover_image_url,
      });
      expect(response.status, cover_image_url).toBe(400);
      expect(response.body).toEqual({
        error: 'cover_image_url must be a URL answered by an upload to this site.',
      });
    }
  });

  it('attaches uploaded audio with its duration to a chapter', async () => {
    const story = await admin<{ id: number }>('POST', '/api/admin/stories/', {
      title: 'T',
      author: 'A',
      language: 1,
    });
    const audio = (await upload('audio/?chapter=new', wav(2), 'take.wav', 'audio/wav')).body;

    const chapter = await admin<{ audio_url: string | null; audio_duration_seconds: number | null }>(
      'POST',
      `/api/admin/stories/${story.body.id}/chapters/`,
      { title: 'Uno', content: 'hola', audio_url: audio.url, audio_duration_seconds: audio.duration_seconds },
    );

    expect(chapter.body).toMatchObject({ audio_url: audio.url, audio_duration_seconds: 2 });
    expect(await served(chapter.body.audio_url as string)).toBe(200);
  });
});

describe('an empty file, or a form cut short, on covers and audio', () => {
  const boundary = 'catamaran-bad-input';
  const send = (path: string, bytes: Buffer, cutShort = false) =>
    postForm(
      `${base}/api/admin/uploads/${path}`,
      multipartBody(boundary, {}, { name: 'x.bin', bytes }, { cutShort }),
      { boundary, token: adminToken },
    );

  it.each([
    ['cover/', 'story-images/covers'],
    ['audio/', 'story-audio/chapters'],
  ])('answers an empty file to %s at once with 400 and a sentence, keeping nothing', async (path, folder) => {
    const before = await storedIn(folder);
    const response = await send(path, Buffer.alloc(0));

    expect(response).toMatchObject({
      status: 400,
      body: { error: 'The file is empty: choose a file with something in it.' },
    });
    expect(await storedIn(folder)).toEqual(before);
  });

  it.each([
    ['cover/', PNG, 'story-images/covers'],
    ['audio/', wav(1), 'story-audio/chapters'],
  ])(
    'answers a form cut short inside the file to %s with 400 and a sentence, keeping nothing',
    async (path, bytes, folder) => {
      const before = await storedIn(folder);
      const response = await send(path, bytes, true);

      expect(response).toMatchObject({
        status: 400,
        body: { error: 'The upload was cut short before the file ended: send it again, whole.' },
      });
      expect(await storedIn(folder)).toEqual(before);
    },
  );
});
