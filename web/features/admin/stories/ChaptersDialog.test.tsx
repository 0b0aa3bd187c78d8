import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminChapter } from '#common/schemas/stories.ts';
import { chapter, fakeApi, installFakeApi, renderScreen, SPANISH, story } from '../testing.tsx';
import { positionFrom } from './chapterFields.ts';
import { StoriesTab } from './StoriesTab.tsx';

const CHAPTERS = 'GET /api/admin/stories/7/chapters/';
let chapters: AdminChapter[];

beforeEach(() => {
  chapters = [
    chapter(),
    chapter({
      id: 32,
      chapter_number: 2,
      order_index: 1,
      title: 'El barco',
      content: 'Un barco llega.',
      word_count: 3,
    }),
  ];
  installFakeApi({
    'GET /api/admin/stories/': () => Response.json([story()]),
    'GET /api/admin/languages/': () => Response.json([SPANISH]),
    [CHAPTERS]: () => Response.json(chapters),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function openManager() {
  const user = userEvent.setup();
  renderScreen(<StoriesTab />);
  await user.click(await screen.findByRole('button', { name: 'Chapters of El faro' }));
  return { user, manager: screen.getByRole('dialog', { name: 'Chapters of "El faro"' }) };
}

describe('the chapters manager', () => {
  it("lists a story's chapters with number, title and word count", async () => {
    const { manager } = await openManager();

    const table = await within(manager).findByRole('table', { name: 'Chapters' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Title', 'Words', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'La noche', '4', ''],
      ['2', 'El barco', '3', ''],
    ]);
    // On a phone, where the title heads each card, "Chapter 1" reads better than "# 1".
    const firstRowCells = within(table).getAllByRole('cell').slice(0, 4);
    expect(firstRowCells.map((cell) => cell.dataset.label)).toEqual([
      'Chapter',
      undefined,
      'Words',
      undefined,
    ]);
  });

  it('says a story has no chapters yet', async () => {
    chapters = [];
    const { manager } = await openManager();

    expect(await within(manager).findByText('No chapters yet. Add your first chapter!')).toBeDefined();
  });

  it('adds a chapter at the next number, with a live word count and the required fields checked', async () => {
    fakeApi.routes['POST /api/admin/stories/7/chapters/'] = () => {
      const created = chapter({ id: 33, chapter_number: 3, order_index: 2, title: 'El mar', word_count: 3 });
      chapters = [...chapters, created];
      return Response.json(created, { status: 201 });
    };
    const { user, manager } = await openManager();
    await within(manager).findByRole('table');

    await user.click(within(manager).getByRole('button', { name: 'Add Chapter' }));
    const form = screen.getByRole('dialog', { name: 'Add Chapter' });
    expect((within(form).getByLabelText('Chapter Number') as HTMLInputElement).value).toBe('3');
    expect((within(form).getByLabelText('Order Index') as HTMLInputElement).value).toBe('2');
    await user.type(within(form).getByLabelText('Title'), 'El mar');
    await user.click(within(form).getByRole('button', { name: 'Add Chapter' }));
    expect(within(form).getByRole('alert').textContent).toBe('Title and content are required');

    const content = within(form).getByLabelText('Content');
    expect(within(form).getByText('0 words')).toBeDefined();
    await user.type(content, '  El mar  es azul ');
    expect(within(form).getByText('4 words')).toBeDefined();
    await user.click(within(form).getByRole('button', { name: 'Add Chapter' }));

    expect(await within(manager).findByRole('cell', { name: 'El mar' })).toBeDefined();
    expect(screen.queryByRole('dialog', { name: 'Add Chapter' })).toBeNull();
    expect(fakeApi.bodiesOf('POST /api/admin/stories/7/chapters/')).toEqual([
      { title: 'El mar', content: 'El mar  es azul', chapter_number: 3 },
    ]);
  });

  it('edits a chapter, sending a position only when it was changed', async () => {
    fakeApi.routes['PUT /api/admin/chapters/32/'] = () => Response.json(chapters[1]);
    const { user, manager } = await openManager();

    await user.click(await within(manager).findByRole('button', { name: 'Edit El barco' }));
    let form = screen.getByRole('dialog', { name: 'Edit Chapter' });
    expect((within(form).getByLabelText('Content') as HTMLTextAreaElement).value).toBe('Un barco llega.');
    await user.type(within(form).getByLabelText('Title'), ' grande');
    await user.click(within(form).getByRole('button', { name: 'Save Chapter' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Chapter' })).toBeNull());

    await user.click(within(manager).getByRole('button', { name: 'Edit El barco' }));
    form = screen.getByRole('dialog', { name: 'Edit Chapter' });
    const number = within(form).getByLabelText('Chapter Number');
    await user.clear(number);
    await user.type(number, 'x');
    await user.click(within(form).getByRole('button', { name: 'Save Chapter' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Chapter' })).toBeNull());

    expect(fakeApi.bodiesOf('PUT /api/admin/chapters/32/')).toEqual([
      { title: 'El barco grande', content: 'Un barco llega.' },
      { title: 'El barco', content: 'Un barco llega.', chapter_number: 1 },
    ]);
  });

  it("deletes a chapter after confirmation, but never a story's last one", async () => {
    fakeApi.routes['DELETE /api/admin/chapters/31/'] = () => {
      chapters = chapters.slice(1);
      return new Response(null, { status: 204 });
    };
    const { user, manager } = await openManager();

    await user.click(await within(manager).findByRole('button', { name: 'Delete La noche' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Chapter' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(within(manager).queryByRole('cell', { name: 'La noche' })).toBeNull());

    await user.click(within(manager).getByRole('button', { name: 'Delete El barco' }));
    expect(within(manager).getByRole('alert').textContent).toBe('Cannot delete the last chapter');
    expect(screen.queryByRole('dialog', { name: 'Delete Chapter' })).toBeNull();
    expect(fakeApi.countOf('DELETE /api/admin/chapters/32/')).toBe(0);
  });
});

describe('positionFrom', () => {
  it('reads a position of at least 1, and 1 when it cannot be read', () => {
    expect([
      positionFrom('4'),
      positionFrom('0'),
      positionFrom('-2'),
      positionFrom(''),
      positionFrom('x'),
    ]).toEqual([4, 1, 1, 1, 1]);
  });
});
