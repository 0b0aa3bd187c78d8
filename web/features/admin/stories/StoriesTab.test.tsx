import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import imageCompression from 'browser-image-compression';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStory } from '#common/schemas/stories.ts';
import { FRENCH, fakeApi, installFakeApi, pending, renderScreen, SPANISH, story } from '../testing.tsx';
import { StoriesTab } from './StoriesTab.tsx';

vi.mock('browser-image-compression', () => ({ default: vi.fn() }));
const compress = vi.mocked(imageCompression);

const COVER_URL = '/media/story-images/covers/1767225600000-ab12cd34.webp';
let stories: AdminStory[];

beforeEach(() => {
  stories = [
    story(),
    story({
      id: 8,
      title: 'Noches de París',
      author: 'Bo Chen',
      language: { id: 3, code: 'fr', name: 'French' },
      difficulty_level: 'expert',
      is_published: false,
      is_free: false,
      is_adult_content: true,
      chapter_count: 0,
    }),
  ];
  installFakeApi({
    'GET /api/admin/stories/': () => Response.json(stories),
    'GET /api/admin/languages/': () => Response.json([SPANISH, FRENCH]),
  });
  URL.createObjectURL = vi.fn(() => 'blob:cover-preview');
  URL.revokeObjectURL = vi.fn();
  compress.mockImplementation(
    async (file: File) => new File(['webp-bytes'], file.name, { type: 'image/webp' }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function rowOf(title: string): HTMLElement {
  const row = screen.getByRole('link', { name: title }).closest('tr');
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

async function openAddStory() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Add Story' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Add Story' }) };
}

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Title'), 'La isla');
  await user.type(within(dialog).getByLabelText('Author'), 'Carla Diaz');
  within(dialog).getByRole('combobox', { name: 'Language' }).focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: 'Spanish' }));
}

function image(name = 'cover.png'): File {
  return new File(['png-bytes'], name, { type: 'image/png' });
}

describe('StoriesTab', () => {
  it('lists each story with its author, language, difficulty, chapter count and status badges', async () => {
    renderScreen(<StoriesTab />);

    const table = await screen.findByRole('table', { name: 'Stories' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Language', 'Difficulty', 'Chapters', 'Status', 'Actions']);
    expect(
      within(rowOf('El faro'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['El faroby Ana Lima', 'Spanish', 'Child', '2', 'PublishedFree', 'Chapters']);
    expect(
      within(rowOf('Noches de París'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Noches de Parísby Bo Chen', 'French', 'Expert', '0', 'Draft18+', 'Chapters']);
  });

  it('names each value after its column for the phone layout, where the title heads the card', async () => {
    renderScreen(<StoriesTab />);
    await screen.findByRole('table', { name: 'Stories' });

    expect(
      within(rowOf('El faro'))
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual([undefined, 'Language', 'Difficulty', 'Chapters', 'Status', undefined]);
  });

  it('says there are no stories yet', async () => {
    stories = [];
    renderScreen(<StoriesTab />);

    expect(await screen.findByText('No stories found. Add your first story!')).toBeDefined();
  });

  it("opens a story's editor from its row or its title", async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<StoriesTab />);
    await screen.findByRole('table', { name: 'Stories' });

    await user.click(within(rowOf('El faro')).getByText('Spanish'));
    expect(await screen.findByText('Story editor page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/story/7');
    await router.navigate(-1);

    expect((await screen.findByRole('link', { name: 'Noches de París' })).getAttribute('href')).toBe(
      '/admin/story/8',
    );
  });

  it('adds a story after checking title, author and language, then shows it in the list', async () => {
    const created = story({
      id: 9,
      title: 'La isla',
      author: 'Carla Diaz',
      is_published: false,
      chapter_count: 0,
    });
    fakeApi.routes['POST /api/admin/stories/'] = () => {
      stories = [...stories, created];
      return Response.json(created, { status: 201 });
    };
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();

    await user.type(within(dialog).getByLabelText('Title'), 'La isla');
    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Title, author, and language are required');
    expect(fakeApi.countOf('POST /api/admin/stories/')).toBe(0);

    expect(within(dialog).getByRole('combobox', { name: 'Difficulty' }).textContent).toContain('Child');
    expect(within(dialog).getByLabelText('Topics').getAttribute('placeholder')).toBe(
      'adventure, mystery, romance',
    );
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).rows).toBe(3);
    await user.type(within(dialog).getByLabelText('Author'), 'Carla Diaz');
    within(dialog).getByRole('combobox', { name: 'Language' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'French (inactive)' }));
    await user.type(within(dialog).getByLabelText('Topics'), 'sea, islands');
    await user.click(within(dialog).getByRole('switch', { name: 'Free' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));

    expect(await screen.findByRole('link', { name: 'La isla' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.bodiesOf('POST /api/admin/stories/')).toEqual([
      {
        title: 'La isla',
        author: 'Carla Diaz',
        description: '',
        language: 3,
        difficulty_level: 'child',
        topics: 'sea, islands',
        is_published: false,
        is_free: true,
        is_adult_content: false,
        cover_image_url: null,
      },
    ]);
  });

  it("shows the server's sentence when it refuses a story, and the fallback when it gives none", async () => {
    fakeApi.routes['POST /api/admin/stories/'] = () =>
      Response.json({ error: 'Title, author, and language are required' }, { status: 400 });
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();
    await fillRequiredFields(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Title, author, and language are required',
    );

    fakeApi.routes['POST /api/admin/stories/'] = () => new Response(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to save story'),
    );
  });

  it('compresses a picked cover to WebP, previews it, uploads it on save and creates the story with its URL', async () => {
    const upload = pending();
    fakeApi.routes['POST /api/admin/uploads/cover/?folder=covers'] = upload.handler;
    fakeApi.routes['POST /api/admin/stories/'] = () => Response.json(story({ id: 9 }), { status: 201 });
    let finishCompression: (file: File) => void = () => {};
    compress.mockImplementationOnce(() => new Promise((done) => (finishCompression = done)));
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();
    await fillRequiredFields(user, dialog);

    await user.upload(within(dialog).getByLabelText('Cover Image'), image('harbour.png'));
    expect(within(dialog).getByRole('status').textContent).toBe('Compressing image...');
    expect((within(dialog).getByRole('button', { name: 'Add Story' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(compress).toHaveBeenCalledWith(expect.any(File), {
      maxSizeMB: 0.3,
      maxWidthOrHeight: 800,
      initialQuality: 0.8,
      fileType: 'image/webp',
      useWebWorker: false,
    });
    finishCompression(new File(['webp-bytes'], 'harbour.png', { type: 'image/webp' }));

    const preview = await within(dialog).findByRole('img', { name: 'Cover preview' });
    expect(preview.getAttribute('src')).toBe('blob:cover-preview');
    expect(within(dialog).getByText(/harbour\.webp/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));

    expect(await within(dialog).findByRole('button', { name: 'Uploading image...' })).toBeDefined();
    const sent = fakeApi.calls.find((call) => call.key.startsWith('POST /api/admin/uploads/cover/'));
    const form = sent?.init?.body as FormData;
    const file = form.get('file') as File;
    expect([file.name, file.type]).toEqual(['harbour.webp', 'image/webp']);
    expect(new Headers(sent?.init?.headers).get('Authorization')).toBe('Bearer token-for-admin@example.com');
    upload.answer(
      Response.json(
        { key: 'story-images/covers/x.webp', url: COVER_URL, content_type: 'image/webp', size: 10 },
        { status: 201 },
      ),
    );

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.bodiesOf('POST /api/admin/stories/')).toEqual([
      expect.objectContaining({ title: 'La isla', language: 2, cover_image_url: COVER_URL }),
    ]);
  });

  it('refuses a file that is not an image, and removes a picked cover', async () => {
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();
    const picker = within(dialog).getByLabelText('Cover Image');

    await user.upload(picker, new File(['%PDF'], 'cover.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select a valid image file');
    expect(compress).not.toHaveBeenCalled();

    await user.upload(picker, image());
    expect(await within(dialog).findByRole('img', { name: 'Cover preview' })).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Remove cover' }));
    expect(within(dialog).queryByRole('img', { name: 'Cover preview' })).toBeNull();
  });

  it('says when an image cannot be compressed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    compress.mockRejectedValueOnce(new Error('The image could not be decoded.'));
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();

    await user.upload(within(dialog).getByLabelText('Cover Image'), image());

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to compress image. Please try a different file.',
    );
    expect(within(dialog).queryByRole('img')).toBeNull();
    warn.mockRestore();
  });

  it('aborts the save when the cover upload fails or yields no URL', async () => {
    fakeApi.routes['POST /api/admin/uploads/cover/?folder=covers'] = () =>
      Response.json({ error: 'The image is too large. Maximum size is 2MB.' }, { status: 413 });
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();
    await fillRequiredFields(user, dialog);
    await user.upload(within(dialog).getByLabelText('Cover Image'), image());
    await within(dialog).findByRole('img', { name: 'Cover preview' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The image is too large. Maximum size is 2MB.',
    );

    fakeApi.routes['POST /api/admin/uploads/cover/?folder=covers'] = () => Response.json({}, { status: 201 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to upload image'),
    );
    expect(fakeApi.countOf('POST /api/admin/stories/')).toBe(0);
  });

  it('uploads the cover once when the story is refused and saved again', async () => {
    fakeApi.routes['POST /api/admin/uploads/cover/?folder=covers'] = () =>
      Response.json({ key: 'k', url: COVER_URL, content_type: 'image/webp', size: 10 }, { status: 201 });
    fakeApi.routes['POST /api/admin/stories/'] = () =>
      Response.json({ error: 'Covers cannot be stored yet: send cover_image_url as null.' }, { status: 400 });
    renderScreen(<StoriesTab />);
    const { user, dialog } = await openAddStory();
    await fillRequiredFields(user, dialog);
    await user.upload(within(dialog).getByLabelText('Cover Image'), image());
    await within(dialog).findByRole('img', { name: 'Cover preview' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Covers cannot be stored yet: send cover_image_url as null.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Story' }));
    await vi.waitFor(() => expect(fakeApi.countOf('POST /api/admin/stories/')).toBe(2));
    expect(fakeApi.countOf('POST /api/admin/uploads/cover/?folder=covers')).toBe(1);
  });

  it('deletes a story only after confirmation, and says when the delete fails', async () => {
    const user = userEvent.setup();
    fakeApi.routes['DELETE /api/admin/stories/8/'] = () => new Response(null, { status: 500 });
    renderScreen(<StoriesTab />);

    await user.click(await screen.findByRole('button', { name: 'Delete Noches de París' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Story' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete "Noches de París"? This action cannot be undone and will delete all chapters.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to delete story');

    fakeApi.routes['DELETE /api/admin/stories/8/'] = () => {
      stories = stories.filter((item) => item.id !== 8);
      return new Response(null, { status: 204 });
    };
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Noches de París' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'El faro' })).toBeDefined();
  });
});
