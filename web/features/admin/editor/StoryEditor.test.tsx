import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { createQueryClient } from '#web/lib/query.tsx';
import { AdminStory } from '#web/routes/AdminStory.tsx';
import { chapter, fakeApi, installFakeApi, pending, SPANISH, story } from '../testing.tsx';

function renderEditor(path = '/admin/story/7') {
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <p>Stories page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/admin/story/:storyId', element: <AdminStory /> },
    ],
    { initialEntries: ['/admin', path], initialIndex: 1 },
  );
  render(
    <SessionProvider client={new FakeAuthClient(fakeSession('admin@example.com'))}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { router };
}

const UNO = chapter({ id: 31, title: 'Uno', content: 'uno dos tres', order_index: 0 });
const DOS = chapter({ id: 32, title: 'Dos', content: 'cuatro cinco', order_index: 1, chapter_number: 2 });

describe('the story editor', () => {
  beforeEach(() => {
    installFakeApi({
      'GET /api/admin/stories/7/': () => Response.json(story()),
      'GET /api/admin/stories/7/chapters/': () => Response.json([DOS, UNO]),
      'GET /api/admin/languages/': () => Response.json([SPANISH]),
    });
  });

  it('shows the loading text, then the story with Save disabled until something changes', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(await screen.findByText('Loading story...')).toBeDefined();

    expect(await screen.findByRole('heading', { level: 1, name: 'El faro' })).toBeDefined();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Stories' }).getAttribute('href')).toBe('/admin');
    expect((screen.getByLabelText('Estimated Word Count') as HTMLInputElement).value).toBe('5');
    expect(screen.getByText('Auto-calculated from chapters')).toBeDefined();
    expect((screen.getByLabelText('Length Category') as HTMLInputElement).value).toMatch(/^Very short/);

    await user.type(screen.getByLabelText('Title'), ' nuevo');
    expect(screen.getByRole('heading', { level: 1, name: 'El faro nuevo' })).toBeDefined();
    expect(screen.getByText('Unsaved changes')).toBeDefined();
    expect(save.disabled).toBe(false);
  });

  it('lists the chapters by order_index with their word counts, and edits the selected one', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));
    const list = screen.getByRole('region', { name: 'Chapters' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Uno3 words'),
      expect.stringContaining('Dos2 words'),
    ]);
    expect((screen.getByLabelText('Chapter Title') as HTMLInputElement).value).toBe('Uno');

    await user.click(within(list).getByRole('button', { name: /^Dos/ }));
    await user.type(screen.getByLabelText('Chapter Content'), ' seis');
    expect(within(list).getByRole('button', { name: /^Dos/ }).textContent).toContain('3 words');
    expect(screen.getAllByText('3 words').length).toBeGreaterThan(1);
  });

  it('shows a bulk-imported chapter its generation prompt, collapsed, with a Copy button', async () => {
    const user = userEvent.setup();
    const prompt = 'Write chapter 1 of "El faro" for a child: the keeper lights the lamp.';
    fakeApi.routes['GET /api/admin/stories/7/chapters/'] = () =>
      Response.json([chapter({ ...UNO, generation_prompt: prompt }), DOS]);
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));

    const toggle = screen.getByRole('button', { name: 'Generation Prompt (from bulk import)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(prompt, { selector: 'pre' }).closest('[hidden]')).not.toBeNull();
    await user.click(toggle);
    expect(screen.getByText(prompt, { selector: 'pre' }).closest('[hidden]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(prompt);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeDefined();

    await user.click(
      within(screen.getByRole('region', { name: 'Chapters' })).getByRole('button', { name: /^Dos/ }),
    );
    expect(screen.queryByRole('button', { name: 'Generation Prompt (from bulk import)' })).toBeNull();
  });

  it('numbers the chapters in the list, and numbers them again when one is added or deleted', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));
    const list = screen.getByRole('region', { name: 'Chapters' });
    // Each entry starts with its number ("Chapter" is there for a screen reader), then its title.
    const entries = () =>
      within(list)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent);
    expect(entries()).toEqual([
      expect.stringMatching(/^Chapter 1Uno3 words/),
      expect.stringMatching(/^Chapter 2Dos2 words/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    expect(entries()[2]).toMatch(/^Chapter 3Chapter 3/);

    await user.click(screen.getByRole('button', { name: 'Delete Uno' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Chapter' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(entries()).toEqual([
        expect.stringMatching(/^Chapter 1Dos/),
        expect.stringMatching(/^Chapter 2Chapter 3/),
      ]),
    );
  });

  it('appends a new chapter titled by its number and selects it', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    expect((screen.getByLabelText('Chapter Title') as HTMLInputElement).value).toBe('Chapter 3');
    expect(screen.getByText(/not saved yet/)).toBeDefined();
  });

  it('refuses to delete the last chapter, and asks before deleting another', async () => {
    const user = userEvent.setup();
    installFakeApi({
      'GET /api/admin/stories/7/': () => Response.json(story()),
      'GET /api/admin/stories/7/chapters/': () => Response.json([UNO]),
      'GET /api/admin/languages/': () => Response.json([SPANISH]),
    });
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));
    await user.click(screen.getByRole('button', { name: 'Delete Uno' }));
    expect(screen.getByRole('alert').textContent).toBe('Cannot delete the last chapter');

    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    await user.click(screen.getByRole('button', { name: 'Delete Uno' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Chapter' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Chapters' })).getAllByRole('listitem')).toHaveLength(1);
    expect(fakeApi.countOf('DELETE /api/admin/chapters/31/')).toBe(0);
  });

  it('shows Saving... while saving, then reloads the story and clears the unsaved flag', async () => {
    const user = userEvent.setup();
    const answer = pending();
    fakeApi.routes['PUT /api/admin/stories/7/'] = answer.handler;
    renderEditor();
    await user.type(await screen.findByLabelText('Author'), 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDefined();
    fakeApi.routes['GET /api/admin/stories/7/'] = () => Response.json(story({ author: 'Ana Limaa' }));
    answer.answer(Response.json(story({ author: 'Ana Limaa' })));

    expect(await screen.findByText('Story saved.')).toBeDefined();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fakeApi.bodiesOf('PUT /api/admin/stories/7/')).toEqual([
      expect.objectContaining({ author: 'Ana Limaa', language: 2 }),
    ]);
    expect(fakeApi.countOf('GET /api/admin/stories/7/')).toBe(2);
  });

  it('keeps the changes and the unsaved flag when the save fails, with the server sentence', async () => {
    const user = userEvent.setup();
    fakeApi.routes['PUT /api/admin/stories/7/'] = () =>
      Response.json({ error: 'Title, author, and language are required' }, { status: 400 });
    renderEditor();
    await user.type(await screen.findByLabelText('Author'), 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Title, author, and language are required');
    expect(screen.getByText('Unsaved changes')).toBeDefined();
    expect((screen.getByLabelText('Author') as HTMLInputElement).value).toBe('Ana Limaa');
  });

  it('asks before leaving with unsaved changes, and leaves when told to', async () => {
    const user = userEvent.setup();
    const { router } = renderEditor();
    await user.type(await screen.findByLabelText('Title'), '!');
    await user.click(screen.getByRole('link', { name: 'Back to Stories' }));

    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/story/7');

    await user.click(screen.getByRole('link', { name: 'Back to Stories' }));
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Stories page')).toBeDefined();
  });

  it('deletes the story after the question and returns to /admin', async () => {
    const user = userEvent.setup();
    fakeApi.routes['DELETE /api/admin/stories/7/'] = () => new Response(null, { status: 204 });
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Story' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "El faro"? This action cannot be undone and will delete all chapters.',
      ),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Stories page')).toBeDefined();
    expect(fakeApi.countOf('DELETE /api/admin/stories/7/')).toBe(1);
  });

  it('says so when the story does not exist', async () => {
    fakeApi.routes['GET /api/admin/stories/7/'] = () =>
      Response.json({ error: 'Story not found' }, { status: 404 });
    renderEditor();
    expect((await screen.findByRole('alert')).textContent).toBe('Story not found');
  });

  it('sends a learner to the dashboard', async () => {
    fakeApi.routes['GET /api/admin/check-permission/'] = () => Response.json({ is_admin: false });
    renderEditor();
    expect(await screen.findByText('Dashboard page')).toBeDefined();
    expect(fakeApi.countOf('GET /api/admin/stories/7/')).toBe(0);
  });
});

describe('the story editor in Japanese (issue 21)', () => {
  const JAPANESE = { id: 9, code: 'ja', name: 'Japanese', native_name: '日本語', is_active: true };
  // The server's analyser counts 9 words here; the browser's Intl.Segmenter would find more pieces.
  const ICHI = chapter({ id: 31, title: '一', content: '私は昨日パンを食べました。', word_count: 9 });

  beforeEach(() => {
    installFakeApi({
      'GET /api/admin/stories/7/': () =>
        Response.json(story({ language: { id: 9, code: 'ja', name: 'Japanese' }, chapter_count: 1 })),
      'GET /api/admin/stories/7/chapters/': () => Response.json([ICHI]),
      'GET /api/admin/languages/': () => Response.json([JAPANESE]),
      'POST /api/admin/word-count/': (init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: string };
        return Response.json({ word_count: content === '私は昨日パンを食べました。猫' ? 8 : 0 });
      },
    });
  });

  it("shows the saved chapter's count, then the server's count of the edited text", async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));
    // In the chapter list and under the content.
    expect(await screen.findAllByText('9 words')).toHaveLength(2);
    expect(fakeApi.countOf('POST /api/admin/word-count/')).toBe(0);

    await user.type(screen.getByLabelText('Chapter Content'), '猫');

    // The server's count, not the browser's Intl.Segmenter pieces (10 here), in the list and under the content.
    await waitFor(() => expect(screen.getAllByText('8 words')).toHaveLength(2), { timeout: 5000 });
    expect(screen.queryByText(/^About /)).toBeNull();
    expect(fakeApi.bodiesOf('POST /api/admin/word-count/').at(-1)).toEqual({
      language: 'ja',
      content: '私は昨日パンを食べました。猫',
    });
  });

  it("shows the browser's estimate, marked, when the server cannot count", async () => {
    fakeApi.routes['POST /api/admin/word-count/'] = () => Response.json({ error: 'Down' }, { status: 503 });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('tab', { name: 'Content' }));
    await user.type(await screen.findByLabelText('Chapter Content'), '猫');

    // The count was asked for and refused; the estimate stays, marked.
    await waitFor(() => expect(fakeApi.countOf('POST /api/admin/word-count/')).toBe(1), { timeout: 5000 });
    await waitFor(() =>
      expect(screen.queryByText(/^About \d+ words \(counted exactly when saved\)$/)).not.toBeNull(),
    );
    expect(screen.queryByText('8 words')).toBeNull();
  });
});
