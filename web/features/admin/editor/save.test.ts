import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminChapter } from '#common/schemas/stories.ts';
import { chapter, fakeApi, installFakeApi, story } from '../testing.tsx';
import { type Draft, type DraftAction, draftFromServer, reduceDraft } from './draft.ts';
import { SaveFailed, saveDraft } from './save.ts';

/**
 * A fake of the chapter endpoints that places chapters as the server does (order_index is a position among
 * the others, everything renumbered), so the tests check the order the server ends with.
 */
function fakeChapterServer(initial: AdminChapter[]) {
  let rows = [...initial].sort((a, b) => a.order_index - b.order_index);
  let nextId = 100;
  const byClientKey = new Map<string, AdminChapter>();
  const place = (row: AdminChapter, position: number | undefined) => {
    const current = rows.findIndex((other) => other.id === row.id);
    rows = rows.filter((other) => other.id !== row.id);
    const at = position ?? (current === -1 ? rows.length : current);
    rows.splice(Math.min(at, rows.length), 0, row);
    rows = rows.map((other, index) => ({ ...other, order_index: index, chapter_number: index + 1 }));
    return rows.find((other) => other.id === row.id) as AdminChapter;
  };
  const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
  const server = {
    get titles() {
      return rows.map((row) => row.title);
    },
    failNext: undefined as string | undefined,
    routes: {} as Record<string, (init: RequestInit | undefined) => Response>,
  };
  const failing = (key: string, answer: () => Response) => () => {
    if (server.failNext === key) {
      server.failNext = undefined;
      return Response.json({ error: 'The database is down.' }, { status: 503 });
    }
    return answer();
  };
  server.routes['POST /api/admin/stories/7/chapters/'] = (init) => {
    const input = body(init);
    const known = byClientKey.get(input.client_key);
    if (known)
      return Response.json(
        rows.find((row) => row.id === known.id),
        { status: 201 },
      );
    if (server.failNext === `POST ${input.title}`) {
      server.failNext = undefined;
      return Response.json({ error: 'The database is down.' }, { status: 503 });
    }
    const created = place(chapter({ ...input, id: nextId++, generation_prompt: null }), input.order_index);
    byClientKey.set(input.client_key, created);
    return Response.json(created, { status: 201 });
  };
  for (const row of initial) {
    server.routes[`PUT /api/admin/chapters/${row.id}/`] = (init) => {
      const input = body(init);
      const current = rows.find((other) => other.id === row.id) as AdminChapter;
      return failing(`PUT ${row.id}`, () =>
        Response.json(place({ ...current, ...input, order_index: current.order_index }, input.order_index)),
      )();
    };
    server.routes[`DELETE /api/admin/chapters/${row.id}/`] = failing(`DELETE ${row.id}`, () => {
      if (!rows.some((other) => other.id === row.id)) {
        return Response.json({ error: 'Chapter not found' }, { status: 404 });
      }
      rows = rows.filter((other) => other.id !== row.id);
      rows = rows.map((other, index) => ({ ...other, order_index: index, chapter_number: index + 1 }));
      return new Response(null, { status: 204 });
    });
  }
  return server;
}

const INITIAL = [
  chapter({ id: 31, title: 'Uno', content: 'uno', order_index: 0 }),
  chapter({ id: 32, title: 'Dos', content: 'dos', order_index: 1 }),
  chapter({ id: 33, title: 'Tres', content: 'tres', order_index: 2 }),
  chapter({ id: 34, title: 'Cuatro', content: 'cuatro', order_index: 3 }),
];

function edit(draft: Draft, ...actions: DraftAction[]): Draft {
  return actions.reduce(reduceDraft, draft);
}

/** Runs a save, keeping the draft the way the editor does: every reported step applied at once. */
async function save(draft: Draft): Promise<{ draft: Draft; error?: unknown }> {
  let current = draft;
  try {
    await saveDraft(draft, (action) => {
      current = reduceDraft(current, action);
    });
    return { draft: current };
  } catch (error) {
    return { draft: current, error };
  }
}

describe('saving the story editor draft', () => {
  let server: ReturnType<typeof fakeChapterServer>;

  beforeEach(() => {
    server = fakeChapterServer(INITIAL);
    installFakeApi({
      ...server.routes,
      'PUT /api/admin/stories/7/': (init) =>
        Response.json(story({ title: JSON.parse(String(init?.body)).title })),
    });
  });

  it('sends nothing but what changed', async () => {
    const draft = edit(draftFromServer(story(), INITIAL), {
      type: 'edit-chapter',
      key: 'saved-32',
      patch: { content: 'dos y más' },
    });
    await save(draft);
    expect(fakeApi.calls.map((call) => call.key)).toEqual(['PUT /api/admin/chapters/32/']);
    expect(fakeApi.bodiesOf('PUT /api/admin/chapters/32/')).toEqual([{ title: 'Dos', content: 'dos y más' }]);
  });

  it.each([
    [['Cuatro', 'Tres', 'Dos', 'Uno']],
    [['Dos', 'Uno', 'Cuatro', 'Tres']],
    [['Tres', 'Uno', 'Dos', 'Cuatro']],
    [['Uno', 'Cuatro', 'Dos', 'Tres']],
  ])('leaves the server with the drafted order %j, new and deleted chapters included', async (order) => {
    let draft = draftFromServer(story(), INITIAL);
    draft = edit(
      draft,
      { type: 'add-chapter', clientKey: 'new-chapter-a' },
      { type: 'edit-chapter', key: 'new-chapter-a', patch: { title: 'Nuevo', content: 'nuevo' } },
      { type: 'remove-chapter', key: 'saved-32' },
    );
    const wanted = ['Nuevo', ...order.filter((title) => title !== 'Dos')];
    for (const [index, title] of wanted.entries()) {
      const key = draft.chapters.find((item) => item.title === title)?.key as string;
      draft = edit(draft, { type: 'move-chapter', key, toIndex: index });
    }
    expect(draft.chapters.map((item) => item.title)).toEqual(wanted);

    const { error } = await save(draft);

    expect(error).toBeUndefined();
    expect(server.titles).toEqual(wanted);
  });

  it('refuses a chapter without content before sending anything, naming the chapter', async () => {
    const draft = edit(draftFromServer(story(), INITIAL), {
      type: 'add-chapter',
      clientKey: 'new-chapter-a',
    });
    const { error } = await save(draft);
    expect(error).toBeInstanceOf(SaveFailed);
    expect((error as SaveFailed).message).toBe('Title and content are required');
    expect((error as SaveFailed).chapterKey).toBe('new-chapter-a');
    expect(fakeApi.calls).toEqual([]);
  });

  it('saves a story whose chapter ideas from the bulk import are still empty, but not a chapter emptied', async () => {
    const ideas = [
      ...INITIAL,
      chapter({ id: 35, title: 'Cinco', content: '', order_index: 4, generation_prompt: 'Write chapter 5.' }),
    ];
    const draft = story({ is_published: false });
    installFakeApi({
      ...fakeChapterServer(ideas).routes,
      'PUT /api/admin/stories/7/': (init) =>
        Response.json(story({ is_published: JSON.parse(String(init?.body)).is_published })),
    });
    const written = edit(draftFromServer(draft, ideas), {
      type: 'edit-chapter',
      key: 'saved-31',
      patch: { content: 'uno, dos' },
    });
    expect((await save(written)).error).toBeUndefined();
    expect(fakeApi.calls.map((call) => call.key)).toEqual(['PUT /api/admin/chapters/31/']);

    // Not published, though, while one is still empty: learners would open a blank page.
    const published = edit(written, { type: 'edit-story', patch: { isPublished: true } });
    const refused = await save(published);
    expect((refused.error as SaveFailed).message).toBe(
      'Every chapter needs its text before the story is published: chapter 5 ("Cinco") has none yet.',
    );
    expect((refused.error as SaveFailed).chapterKey).toBe('saved-35');

    // Written at last and published in one save: the chapter goes first, then the story that needs it.
    fakeApi.calls.length = 0;
    const finished = edit(
      draftFromServer(draft, ideas),
      { type: 'edit-chapter', key: 'saved-35', patch: { content: 'cinco' } },
      { type: 'edit-story', patch: { isPublished: true } },
    );
    expect((await save(finished)).error).toBeUndefined();
    expect(fakeApi.calls.map((call) => call.key)).toEqual([
      'PUT /api/admin/chapters/35/',
      'PUT /api/admin/stories/7/',
    ]);

    const emptied = edit(draftFromServer(draft, ideas), {
      type: 'edit-chapter',
      key: 'saved-32',
      patch: { content: ' ' },
    });
    const { error } = await save(emptied);
    expect((error as SaveFailed).message).toBe('Title and content are required');
    expect((error as SaveFailed).chapterKey).toBe('saved-32');
  });

  it('refuses a story without a title before sending anything', async () => {
    const draft = edit(draftFromServer(story(), INITIAL), { type: 'edit-story', patch: { title: '  ' } });
    const { error } = await save(draft);
    expect((error as SaveFailed).message).toBe('Title, author, and language are required');
    expect(fakeApi.calls).toEqual([]);
  });

  it('saves the story before the chapters, and stops with the server sentence when a step fails', async () => {
    let draft = edit(
      draftFromServer(story(), INITIAL),
      { type: 'edit-story', patch: { title: 'El faro nuevo' } },
      { type: 'add-chapter', clientKey: 'new-chapter-a' },
      { type: 'edit-chapter', key: 'new-chapter-a', patch: { title: 'Nuevo', content: 'nuevo' } },
      { type: 'add-chapter', clientKey: 'new-chapter-b' },
      { type: 'edit-chapter', key: 'new-chapter-b', patch: { title: 'Otro', content: 'otro' } },
      { type: 'remove-chapter', key: 'saved-34' },
    );
    server.failNext = 'POST Otro';

    const first = await save(draft);
    expect((first.error as SaveFailed).message).toBe('The database is down.');
    expect((first.error as SaveFailed).chapterKey).toBe('new-chapter-b');
    expect(fakeApi.calls[0]?.key).toBe('PUT /api/admin/stories/7/');
    expect(server.titles).toEqual(['Uno', 'Dos', 'Tres', 'Nuevo', 'Cuatro']);
    draft = first.draft;
    expect(draft.isDirty).toBe(true);

    fakeApi.calls.length = 0;
    const second = await save(draft);
    expect(second.error).toBeUndefined();
    expect(server.titles).toEqual(['Uno', 'Dos', 'Tres', 'Nuevo', 'Otro']);
    // The retry did not save the story again, nor create the first new chapter twice.
    expect(fakeApi.countOf('PUT /api/admin/stories/7/')).toBe(0);
    expect(fakeApi.bodiesOf('POST /api/admin/stories/7/chapters/')).toEqual([
      expect.objectContaining({ title: 'Otro', client_key: 'new-chapter-b', order_index: 4 }),
    ]);
  });

  it('counts a chapter that is already gone as deleted', async () => {
    const draft = edit(draftFromServer(story(), INITIAL), { type: 'remove-chapter', key: 'saved-33' });
    await fakeApi.routes['DELETE /api/admin/chapters/33/']?.(undefined);
    const { error, draft: after } = await save(draft);
    expect(error).toBeUndefined();
    expect(after.deletedIds).toEqual([]);
  });

  it('uploads pending audio once, before the chapter that carries it', async () => {
    const file = new File(['RIFF'], 'voz.wav', { type: 'audio/wav' });
    fakeApi.routes['POST /api/admin/uploads/audio/?chapter=31'] = () =>
      Response.json(
        {
          key: 'story-audio/chapters/31-a.wav',
          url: '/media/story-audio/chapters/31-a.wav',
          content_type: 'audio/wav',
          size: 4,
          duration_seconds: 12,
        },
        { status: 201 },
      );
    let draft = edit(draftFromServer(story(), INITIAL), {
      type: 'set-pending-audio',
      key: 'saved-31',
      pending: { file, durationSeconds: null },
    });
    server.failNext = 'PUT 31';

    const first = await save(draft);
    expect((first.error as SaveFailed).message).toBe('The database is down.');
    draft = first.draft;
    expect(draft.chapters[0]).toMatchObject({
      audioUrl: '/media/story-audio/chapters/31-a.wav',
      pendingAudio: undefined,
    });

    await save(draft);
    expect(fakeApi.countOf('POST /api/admin/uploads/audio/?chapter=31')).toBe(1);
    expect(fakeApi.bodiesOf('PUT /api/admin/chapters/31/').at(-1)).toEqual({
      title: 'Uno',
      content: 'uno',
      audio_url: '/media/story-audio/chapters/31-a.wav',
      audio_duration_seconds: 12,
    });
  });

  it('aborts the save when the cover upload answers no URL', async () => {
    fakeApi.routes['POST /api/admin/uploads/cover/?folder=stories'] = () =>
      Response.json({}, { status: 201 });
    const draft = edit(draftFromServer(story(), INITIAL), {
      type: 'pick-cover',
      file: new File(['x'], 'c.webp', { type: 'image/webp' }),
    });
    const { error } = await save(draft);
    expect((error as SaveFailed).message).toBe('Failed to upload image');
    expect(fakeApi.countOf('PUT /api/admin/stories/7/')).toBe(0);
  });

  it('sends a removed cover as null', async () => {
    const draft = edit(draftFromServer(story({ cover_image_url: '/media/a.webp' }), INITIAL), {
      type: 'remove-cover',
    });
    await save(draft);
    expect(fakeApi.bodiesOf('PUT /api/admin/stories/7/')).toEqual([
      expect.objectContaining({ cover_image_url: null, language: 2, title: 'El faro' }),
    ]);
  });
});
