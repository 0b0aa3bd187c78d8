// The server's render of a signed-in screen (docs/decisions/104), with a transport of the test's own in place of
// the API: what it asks, what it draws, and the state it hands the page. The whole path, server to hydration, is
// tested end to end by e2e/page-drawn.spec.ts.
import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_SETTINGS } from '#common/schemas/readerSettings.ts';
import { drawsPath, renderPage } from './server-page.tsx';

const TOKEN = `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ email: 'wen@example.com', exp: 1_900_000_000 }))}.the-signature-of-it`;

/** The API as the screen's first calls find it for a learner who has not chosen a language yet. */
function newLearnerApi(asked: string[]) {
  const answers: Record<string, unknown> = {
    '/api/languages/': [{ id: 2, code: 'es', name: 'Spanish', native_name: 'Español' }],
    '/api/user/language-progress/': [],
    '/api/me/reader-settings/': DEFAULT_READER_SETTINGS,
    '/api/admin/check-permission/': { is_admin: false },
  };
  return async (address: string) => {
    asked.push(address);
    if (!(address in answers)) throw new Error(`GET ${address} answered 404`);
    return answers[address];
  };
}

describe('renderPage', () => {
  it('draws the library from the answers of the calls its screen makes, and hands their cache to the page', async () => {
    const asked: string[] = [];
    const drawn = await renderPage('/dashboard', TOKEN, newLearnerApi(asked));

    expect(asked.sort()).toEqual([
      '/api/admin/check-permission/',
      '/api/languages/',
      '/api/me/reader-settings/',
      '/api/user/language-progress/',
    ]);
    expect(drawn?.markup).toContain('Welcome to Catamaran!');
    expect(drawn?.markup).not.toContain('Loading your dashboard');
    expect(drawn?.state).toMatchObject({ path: '/dashboard', tokenTail: TOKEN.slice(-16), language: null });
    const queries =
      (drawn?.state.queries as { queries: { queryKey: unknown[] }[] } | undefined)?.queries ?? [];
    expect(queries.map((query) => query.queryKey[0]).sort()).toEqual([
      'admin',
      'language-progress',
      'languages',
      'reader-settings',
    ]);
  });

  it('draws the daily goal on the learner’s day when their zone is known, and leaves it to the page otherwise', async () => {
    const spanish = { id: 2, code: 'es', name: 'Spanish', native_name: 'Español' };
    const answers: Record<string, unknown> = {
      '/api/languages/': [spanish],
      '/api/user/language-progress/': [
        {
          id: 1,
          language: spanish,
          native_language: null,
          total_words_read: 0,
          total_points: 0,
          current_level: 'beginner',
        },
      ],
      '/api/me/reader-settings/': DEFAULT_READER_SETTINGS,
      '/api/admin/check-permission/': { is_admin: false },
      '/api/daily-goal/?language=es': { goal_minutes: 20, today_minutes: 7, percentage: 35 },
    };
    const api = (asked: string[]) => async (address: string) => {
      asked.push(address);
      if (address.startsWith('/api/stories/')) return [];
      if (!(address in answers)) throw new Error(`GET ${address} answered 404`);
      return answers[address];
    };

    const asked: string[] = [];
    const drawn = await renderPage('/dashboard', TOKEN, api(asked), 'Pacific/Kiritimati');
    expect(asked).toContain('/api/daily-goal/?language=es');
    expect(drawn?.markup).toContain('Daily Goal');
    expect(drawn?.markup).toContain('aria-label="Daily goal progress"');
    expect(drawn?.markup).toContain('aria-valuenow="35"');
    const queries =
      (drawn?.state.queries as { queries: { queryKey: unknown[] }[] } | undefined)?.queries ?? [];
    expect(queries.map((query) => query.queryKey)).toContainEqual(['daily-goal', 'es']);

    const without: string[] = [];
    const plain = await renderPage('/dashboard', TOKEN, api(without));
    expect(without.some((address) => address.startsWith('/api/daily-goal/'))).toBe(false);
    expect(plain?.markup).toContain('Stories');
    expect(plain?.markup).not.toContain('Daily Goal');
  });

  it('fails when an answer is refused or does not read as its schema, for the caller to send the shell', async () => {
    await expect(
      renderPage('/read/1/2', TOKEN, async (address) => {
        throw new Error(`GET ${address} answered 401`);
      }),
    ).rejects.toThrow('answered 401');
    await expect(renderPage('/dashboard', TOKEN, async () => ({ not: 'a list' }))).rejects.toThrow();
  });

  it('draws only the library and a chapter', async () => {
    const asked: string[] = [];
    expect(drawsPath('/dashboard')).toBe(true);
    expect(drawsPath('/read/3/14')).toBe(true);
    for (const path of ['/', '/account', '/read/3', '/read/a/1', '/read/3/14/x', '/dashboard/']) {
      expect(drawsPath(path)).toBe(false);
    }
    expect(await renderPage('/account', TOKEN, newLearnerApi(asked))).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
