import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';
import { createUser, signIn } from '../testing/factories.ts';
import { readIdeas } from './ideas.ts';
import { readWorkbook } from './workbook.ts';

const t = setupTestApp();

const download = async (isAdmin?: boolean) => {
  const token =
    isAdmin === undefined ? undefined : (await signIn(t.db, await createUser(t.db, { isAdmin }))).accessToken;
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/bulk-import-stories/template/',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
};

describe('GET /api/admin/bulk-import-stories/template/', () => {
  it('answers 401 without a session and 403 to a learner', async () => {
    expect((await download()).statusCode).toBe(401);
    expect((await download(false)).statusCode).toBe(403);
  });

  it('gives an admin the template workbook as an attachment, which the import reads without a warning', async () => {
    const response = await download(true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="catamaran-story-ideas.xlsx"');
    const ideas = readIdeas(await readWorkbook(response.rawPayload));
    expect(ideas.warnings).toEqual([]);
    expect(ideas.chapters).toHaveLength(4);
  });
});
