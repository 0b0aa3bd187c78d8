import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DIFFICULTY_PROMPTS,
  DEFAULT_PROMPT_TEMPLATE,
  joinDifficultyPrompts,
} from '#common/prompts.ts';
import type { BulkImportAnswer, BulkPreviewAnswer, BulkPreviewItem } from '#common/schemas/bulk.ts';
import {
  FRENCH,
  fakeApi,
  type Handler,
  installFakeApi,
  pending,
  renderScreen,
  SPANISH,
} from '../testing.tsx';
import { BulkImportTab } from './BulkImportTab.tsx';

const BULK = 'POST /api/admin/bulk-import-stories/';

function card(overrides: Partial<BulkPreviewItem> = {}): BulkPreviewItem {
  return {
    title: 'El faro',
    level: 'child',
    story_description: 'Lucía keeps a lighthouse burning.',
    chapter_number: 1,
    chapter_title: 'La llegada',
    chapter_purpose: 'Lucía arrives.',
    generation_prompt:
      'Write chapter 1, "La llegada", of the graded story "El faro" for learners of Spanish.',
    is_adult: false,
    action: 'create',
    ...overrides,
  };
}

const COUNTS = {
  created_stories: 1,
  updated_stories: 0,
  created_chapters: 20,
  updated_chapters: 0,
  total_chapters: 20,
  warnings: ['chapter_ideas row 9: story "El bosque" is not on the story_ideas sheet; skipped.'],
};

function previewAnswer(overrides: Partial<BulkPreviewAnswer> = {}): BulkPreviewAnswer {
  return {
    mode: 'preview',
    ...COUNTS,
    preview: Array.from({ length: 15 }, (_, index) =>
      card({ chapter_number: index + 1, chapter_title: `Capítulo ${index + 1}` }),
    ),
    ...overrides,
  };
}

const IMPORTED: BulkImportAnswer = {
  mode: 'import',
  ...COUNTS,
  warnings: [],
  stories: [
    { id: 41, title: 'El faro', action: 'create', changed_chapters: 20 },
    { id: 42, title: 'El bosque', action: 'unchanged', changed_chapters: 0 },
  ],
};

/** Answers each bulk call by its mode, as the server would. */
function bulkServer(answers: { preview?: Handler; import?: Handler }): Handler {
  return (init) => {
    const mode = (init?.body as FormData | undefined)?.get('mode');
    const handler = mode === 'import' ? answers.import : answers.preview;
    return handler ? handler(init) : Response.json({ error: 'unexpected' }, { status: 500 });
  };
}

beforeEach(() => {
  window.localStorage.clear();
  installFakeApi({
    'GET /api/admin/languages/': () => Response.json([SPANISH, FRENCH]),
    [BULK]: bulkServer({
      preview: () => Response.json(previewAnswer()),
      import: () => Response.json(IMPORTED),
    }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

type User = ReturnType<typeof userEvent.setup>;

function setUp() {
  const user = userEvent.setup({ applyAccept: false });
  renderScreen(<BulkImportTab />);
  return user;
}

async function chooseLanguage(user: User, option = 'Spanish (es)') {
  const select = await screen.findByRole('combobox', { name: 'Language' });
  await vi.waitFor(() => expect((select as HTMLButtonElement).disabled).toBe(false));
  select.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: option }));
}

const workbook = (name = 'ideas.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name);

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

/** The multipart fields of the bulk calls, a file as its name. */
function sentForms(): Record<string, string>[] {
  return fakeApi.calls
    .filter((call) => call.key === BULK)
    .map((call) =>
      Object.fromEntries(
        [...((call.init?.body as FormData | undefined)?.entries() ?? [])].map(([name, value]) => [
          name,
          typeof value === 'string' ? value : value.name,
        ]),
      ),
    );
}

describe('BulkImportTab', () => {
  it('previews a workbook: the prompts sent, 15 cards, the rest counted, and the warnings as bullets', async () => {
    const user = setUp();
    expect(await screen.findByRole('heading', { name: 'Bulk Import Stories' })).toBeDefined();
    expect(button('Import to Database').disabled).toBe(true);
    const prompts = screen.getByRole('button', { name: 'Generation prompts' });
    expect(prompts.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByLabelText('Child prompt').closest('[hidden]')).not.toBeNull();
    await user.click(prompts);
    expect(screen.getByLabelText('Child prompt').closest('[hidden]')).toBeNull();
    expect((screen.getByLabelText('Child prompt') as HTMLTextAreaElement).value).toBe(
      DEFAULT_DIFFICULTY_PROMPTS.child,
    );

    await chooseLanguage(user);
    await user.upload(screen.getByLabelText('Excel file'), workbook());
    await user.click(button('Preview'));

    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeDefined();
    expect(sentForms()).toEqual([
      {
        mode: 'preview',
        language: String(SPANISH.id),
        template: DEFAULT_PROMPT_TEMPLATE,
        difficulty_prompts: joinDifficultyPrompts(DEFAULT_DIFFICULTY_PROMPTS),
        file: 'ideas.xlsx',
      },
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(screen.getByText('... and 5 more chapters')).toBeDefined();
    expect(
      screen.getByText('Importing will create 1 story and 20 chapters (20 chapters in the workbook).'),
    ).toBeDefined();
    const warnings = screen.getByRole('region', { name: 'Warnings:' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(COUNTS.warnings);

    const first = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'El faro' })).toBeDefined();
    expect(within(first).getByText('Child')).toBeDefined();
    expect(within(first).getByText('New')).toBeDefined();
    expect(within(first).getByText('Chapter 1: Capítulo 1')).toBeDefined();
    const toggle = within(first).getByRole('button', { name: /Generated prompt/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      within(first)
        .getByText(/for learners of Spanish/)
        .closest('[hidden]'),
    ).not.toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(first)
        .getByText(/for learners of Spanish/)
        .closest('[hidden]'),
    ).toBeNull();
    expect(button('Import to Database').disabled).toBe(false);
  });

  it('imports after a confirmation, shows the counts and clears the file and the preview', async () => {
    const user = setUp();
    await chooseLanguage(user);
    const input = screen.getByLabelText('Excel file') as HTMLInputElement;
    await user.upload(input, workbook());
    await user.click(button('Preview'));
    await screen.findByRole('heading', { name: 'Preview' });

    await user.click(button('Import to Database'));
    const dialog = await screen.findByRole('dialog', { name: 'Import Stories' });
    expect(dialog.textContent).toContain('Import "ideas.xlsx" into Spanish?');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const result = await screen.findByRole('region', { name: 'Import complete' });
    const numbers = [...result.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(numbers).toEqual([
      ['Stories created', '1'],
      ['Stories updated', '0'],
      ['Chapters created', '20'],
      ['Chapters updated', '0'],
      ['Chapters in the workbook', '20'],
    ]);
    expect(document.activeElement).toBe(within(result).getByRole('heading', { name: 'Import complete' }));
    expect(screen.getByRole('status').textContent).toBe('Import complete. Created 1 story and 20 chapters.');
    // Links to the stories the import changed, not to those it left as they were.
    expect(
      within(result)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['El faro', '/admin/story/41']]);
    expect(sentForms().map((form) => form.mode)).toEqual(['preview', 'import']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();
    expect(input.value).toBe('');
    expect(button('Import to Database').disabled).toBe(true);

    // Another file clears the result too (admin.md §4).
    await user.upload(input, workbook('next.xlsx'));
    expect(screen.queryByRole('region', { name: 'Import complete' })).toBeNull();
  });

  it('says what is missing before sending anything', async () => {
    const user = setUp();
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a file');

    await user.upload(screen.getByLabelText('Excel file'), workbook('ideas.csv'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please upload an Excel file (.xlsx or .xls)',
    );
    expect((screen.getByLabelText('Excel file') as HTMLInputElement).value).toBe('');
    await user.click(button('Preview'));
    expect(screen.getByRole('alert').textContent).toBe('Please select a file');

    await user.upload(screen.getByLabelText('Excel file'), workbook('ideas.XLS'));
    await user.click(button('Preview'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the language of the stories.');

    await chooseLanguage(user);
    const large = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'large.xlsx');
    await user.upload(screen.getByLabelText('Excel file'), large);
    await user.click(button('Preview'));
    expect((await screen.findByRole('alert')).textContent).toBe('The workbook is larger than 10 MB.');
    expect(sentForms()).toEqual([]);
  });

  it('shows the server’s refusal with the warnings that explain it, or the fallback', async () => {
    let answer: Handler = () =>
      Response.json(
        {
          error: 'No chapters found in the file. Please check your Excel format.',
          warnings: ['The workbook has no sheet named "chapter_ideas".'],
        },
        { status: 400 },
      );
    fakeApi.routes[BULK] = (init) => answer(init);
    const user = setUp();
    await chooseLanguage(user);
    await user.upload(screen.getByLabelText('Excel file'), workbook());
    await user.click(button('Preview'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No chapters found in the file. Please check your Excel format.',
    );
    const warnings = screen.getByRole('region', { name: 'Warnings:' });
    expect(warnings.textContent).toContain('The workbook has no sheet named "chapter_ideas".');
    expect(button('Import to Database').disabled).toBe(true);

    answer = () => new Response('', { status: 502 });
    await user.click(button('Preview'));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to preview file'));
    expect(screen.queryByRole('region', { name: 'Warnings:' })).toBeNull();
  });

  it('keeps the preview’s dialog open with the sentence when the import fails', async () => {
    fakeApi.routes[BULK] = bulkServer({
      preview: () => Response.json(previewAnswer({ warnings: [] })),
      import: () => new Response('', { status: 500 }),
    });
    const user = setUp();
    await chooseLanguage(user);
    await user.upload(screen.getByLabelText('Excel file'), workbook());
    await user.click(button('Preview'));
    await screen.findByRole('heading', { name: 'Preview' });
    await user.click(button('Import to Database'));
    const dialog = await screen.findByRole('dialog', { name: 'Import Stories' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to import stories');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeDefined();
    expect(button('Import to Database').disabled).toBe(false);
  });

  it('clears the preview when the file, the language or a prompt changes', async () => {
    const user = setUp();
    await chooseLanguage(user);
    await user.upload(screen.getByLabelText('Excel file'), workbook());
    await user.click(button('Preview'));
    await screen.findByRole('heading', { name: 'Preview' });

    await user.upload(screen.getByLabelText('Excel file'), workbook('other.xlsx'));
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Warnings:' })).toBeNull();
    expect(button('Import to Database').disabled).toBe(true);

    await user.click(button('Preview'));
    await screen.findByRole('heading', { name: 'Preview' });
    await user.click(button('Generation prompts'));
    await user.type(screen.getByLabelText('Teen prompt'), ' More dialogue.');
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();

    await user.click(button('Preview'));
    await screen.findByRole('heading', { name: 'Preview' });
    await chooseLanguage(user, 'French (fr)');
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();
  });

  it('keeps the admin’s prompts in the browser and restores the defaults', async () => {
    const user = setUp();
    await user.click(await screen.findByRole('button', { name: 'Generation prompts' }));
    const template = screen.getByLabelText('Prompt template') as HTMLTextAreaElement;
    expect(button('Restore defaults').disabled).toBe(true);
    expect(screen.getByText(/^The default style guide per level/)).toBeDefined();
    await user.clear(template);
    await user.type(template, 'Write {{chapter_title}');
    expect(template.value).toBe('Write {chapter_title}');
    expect(JSON.parse(window.localStorage.getItem('catamaran:bulk-import-prompts') ?? '{}').template).toBe(
      'Write {chapter_title}',
    );
    expect(screen.getByText(/^Your own wording, kept in this browser/)).toBeDefined();
    await user.click(button('Restore defaults'));
    expect(template.value).toBe(DEFAULT_PROMPT_TEMPLATE);
    expect(window.localStorage.getItem('catamaran:bulk-import-prompts')).toBeNull();
  });

  it('downloads the template with the session, and says so when it cannot', async () => {
    const saved = pending();
    fakeApi.routes['GET /api/admin/bulk-import-stories/template/'] = saved.handler;
    const createObjectURL = vi.fn(() => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = setUp();
    await user.click(await screen.findByRole('button', { name: 'Download template' }));
    saved.answer(new Response(new Uint8Array([0x50, 0x4b])));
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('catamaran-story-ideas.xlsx');
    expect(link.href).toBe('blob:template');
    const call = fakeApi.calls.find((item) => item.key.endsWith('/template/'));
    expect(new Headers(call?.init?.headers).get('authorization')).toMatch(/^Bearer /);

    fakeApi.routes['GET /api/admin/bulk-import-stories/template/'] = () =>
      Response.json({ error: 'You do not have permission to do this.' }, { status: 403 });
    await user.click(screen.getByRole('button', { name: 'Download template' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this.');
  });
});
