// The learner's reader settings (issue 23): speed, text size, spacing, typeface and theme, kept per learner.
import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_SETTINGS, type ReaderSettings } from '#common/schemas/readerSettings.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
const URL = '/api/me/reader-settings/';

async function tokenOf() {
  return (await signIn(t.db, await createUser(t.db))).accessToken;
}

const get = (token?: string) =>
  t.request<ReaderSettings & { error?: string }>({ method: 'GET', url: URL, token });
const put = (token: string | undefined, payload: unknown) =>
  t.request<ReaderSettings & { error?: string }>({
    method: 'PUT',
    url: URL,
    token,
    payload: payload as object,
  });

describe('reader settings', () => {
  it('need a signed-in learner', async () => {
    expect((await get()).status).toBe(401);
    expect((await put(undefined, { theme: 'dark' })).status).toBe(401);
  });

  it('are the defaults until the learner changes one', async () => {
    const answer = await get(await tokenOf());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(DEFAULT_READER_SETTINGS);
  });

  it('keep what was set and leave the rest, for this learner only', async () => {
    const [mine, theirs] = [await tokenOf(), await tokenOf()];
    expect((await put(mine, { playback_rate: 1.5 })).body).toEqual({
      ...DEFAULT_READER_SETTINGS,
      playback_rate: 1.5,
    });
    const both = await put(mine, { theme: 'dark', typeface: 'serif' });
    expect(both.status).toBe(200);
    expect(both.body).toEqual({
      ...DEFAULT_READER_SETTINGS,
      playback_rate: 1.5,
      theme: 'dark',
      typeface: 'serif',
    });
    expect((await get(mine)).body).toEqual(both.body);
    expect((await get(theirs)).body).toEqual(DEFAULT_READER_SETTINGS);
  });

  it('refuse a value off the list with a sentence, keeping what was saved', async () => {
    const token = await tokenOf();
    await put(token, { text_size: 'large' });
    const cases: [unknown, RegExp][] = [
      [{ playback_rate: 1.1 }, /playback_rate must be one of 0.5, 0.75, 1, 1.25/],
      [{ playback_rate: '1.5' }, /playback_rate must be a number/],
      [{ playback_rate: 3 }, /playback_rate must be one of/],
      [{ text_size: 'huge' }, /text_size must be one of small, medium, large, x-large/],
      [{ line_spacing: 2 }, /line_spacing must be one of compact, normal, relaxed/],
      [{ typeface: 'mono' }, /typeface must be one of sans, serif/],
      [{ theme: 'blue' }, /theme must be one of system, light, sepia, dark/],
      [{}, /Send at least one setting to change/],
      [{ colour: 'red' }, /Send at least one setting to change/],
      [[], /./],
    ];
    for (const [payload, error] of cases) {
      const answer = await put(token, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.error).toMatch(error);
    }
    expect((await get(token)).body).toEqual({ ...DEFAULT_READER_SETTINGS, text_size: 'large' });
  });
});
