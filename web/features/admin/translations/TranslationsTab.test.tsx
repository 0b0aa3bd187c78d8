import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictionaryImport, DumpCounts } from '#common/schemas/dictionary.ts';
import type { AdminLanguage } from '#common/schemas/languages.ts';
import {
  FRENCH,
  fakeApi,
  type Handler,
  installFakeApi,
  pending,
  renderScreen,
  SPANISH,
} from '../testing.tsx';
import { TranslationsTab } from './TranslationsTab.tsx';

const ENGLISH: AdminLanguage = {
  id: 1,
  code: 'en',
  name: 'English',
  native_name: 'English',
  is_active: true,
};
const UPLOAD = 'POST /api/admin/translations/upload/';
const IMPORTS = 'GET /api/admin/translations/imports/';
const HINT = 'Expected: one entry per line (wiktextract dump). Upload per language pair.';

let imports: DictionaryImport[];

beforeEach(() => {
  imports = [];
  installFakeApi({
    'GET /api/admin/languages/': () => Response.json([ENGLISH, SPANISH, FRENCH]),
    [IMPORTS]: () => Response.json(imports),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function counts(overrides: Partial<DumpCounts> = {}): DumpCounts {
  return {
    bytes: 0,
    lines: 0,
    entries: 0,
    senses: 0,
    forms: 0,
    skipped: 0,
    skipped_lines: [],
    languages: {},
    ...overrides,
  };
}

function dictionaryImport(overrides: Partial<DictionaryImport> = {}): DictionaryImport {
  return {
    id: 5,
    source: 'es',
    target: 'en',
    status: 'queued',
    file_name: 'es-extract.jsonl.gz',
    file_size: 1000,
    progress: null,
    error: null,
    created_at: '2026-03-01T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

/** Answers each call with the next response, then keeps giving the last one. */
function inTurn(...responses: (() => Response)[]): Handler {
  let call = 0;
  return () => {
    const next = responses[Math.min(call, responses.length - 1)];
    call += 1;
    if (!next) throw new Error('No answers given');
    return next();
  };
}

function dump(name = 'es-extract.jsonl', content = '{"word": "casa"}\n'): File {
  return new File([content], name, { type: 'application/octet-stream' });
}

function setUp(options: { withFakeTimers?: boolean } = {}) {
  if (options.withFakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({
    applyAccept: false,
    ...(options.withFakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}),
  });
  renderScreen(<TranslationsTab />);
  return user;
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string) {
  const select = await screen.findByRole('combobox', { name: label });
  await vi.waitFor(() => expect((select as HTMLButtonElement).disabled).toBe(false));
  select.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillForm(user: User, file: File = dump()) {
  await choose(user, 'Source language', 'Spanish (es)');
  await choose(user, 'Target language', 'English (en)');
  await user.upload(screen.getByLabelText('File'), file);
}

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

function resultBox(): HTMLTextAreaElement {
  return screen.getByLabelText('Result') as HTMLTextAreaElement;
}

// jsdom's Blob has no text(); its FileReader reads one.
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The multipart fields of the upload calls, in the order they were appended; a file as "name: content". */
async function sentForms(): Promise<[string, string][][]> {
  const forms = fakeApi.calls
    .filter((call) => call.key === UPLOAD)
    .map((call) => call.init?.body as FormData);
  return Promise.all(
    forms.map((form) =>
      Promise.all(
        [...form.entries()].map(
          async ([key, value]): Promise<[string, string]> => [
            key,
            typeof value === 'string' ? value : `${value.name}: ${await textOf(value)}`,
          ],
        ),
      ),
    ),
  );
}

describe('TranslationsTab', () => {
  it("says 'Loading languages...' until the languages arrive, then offers each by name and code", async () => {
    const languages = pending();
    fakeApi.routes['GET /api/admin/languages/'] = languages.handler;
    const user = setUp();

    const sourceSelect = await screen.findByRole('combobox', { name: 'Source language' });
    const targetSelect = screen.getByRole('combobox', { name: 'Target language' });
    expect(sourceSelect.textContent).toBe('Loading languages...');
    expect(targetSelect.textContent).toBe('Loading languages...');
    expect((sourceSelect as HTMLButtonElement).disabled).toBe(true);

    languages.answer(Response.json([ENGLISH, SPANISH, FRENCH]));
    await vi.waitFor(() => expect(sourceSelect.textContent).toBe('Select source'));
    expect(targetSelect.textContent).toBe('Select target');

    sourceSelect.focus();
    await user.keyboard('{Enter}');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English (en)',
      'Spanish (es)',
      'French (fr)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Spanish (es)' }));
    expect(sourceSelect.textContent).toBe('Spanish (es)');
  });

  it('offers the Wiktextract format, takes dump files only and says what it expects', async () => {
    setUp();

    expect((await screen.findByRole('combobox', { name: 'Format' })).textContent).toBe(
      'Wiktextract JSON(.gz)',
    );
    const input = screen.getByLabelText('File') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.json,.jsonl,.json.gz,.jsonl.gz');
    const hint = screen.getByText(HINT);
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    const box = resultBox();
    expect(box.readOnly).toBe(true);
    expect(box.rows).toBe(12);
    expect(box.value).toBe('');
  });

  it('keeps Preview and Import disabled until a file is chosen', async () => {
    const user = setUp();
    await choose(user, 'Source language', 'Spanish (es)');
    await choose(user, 'Target language', 'English (en)');

    expect(button('Preview').disabled).toBe(true);
    expect(button('Import').disabled).toBe(true);

    await user.upload(screen.getByLabelText('File'), dump());
    expect(button('Preview').disabled).toBe(false);
    expect(button('Import').disabled).toBe(false);
  });

  it('previews the dump: the fields then the file, a busy Preview, and the answer as JSON in the box', async () => {
    const preview = pending();
    fakeApi.routes[UPLOAD] = preview.handler;
    const user = setUp();
    await fillForm(user, dump('es-extract.jsonl', '{"word": "casa", "lang_code": "es"}\n'));

    await user.click(button('Preview'));

    const busy = await screen.findByRole('button', { name: 'Previewing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(button('Import').disabled).toBe(true);
    expect(await sentForms()).toEqual([
      [
        ['mode', 'wiktextract'],
        ['source', 'es'],
        ['target', 'en'],
        ['action', 'preview'],
        ['file', 'es-extract.jsonl: {"word": "casa", "lang_code": "es"}\n'],
      ],
    ]);
    const sent = fakeApi.calls.find((call) => call.key === UPLOAD);
    expect(new Headers(sent?.init?.headers).get('Authorization')).toBe('Bearer token-for-admin@example.com');

    const answer = {
      action: 'preview',
      ...counts({ bytes: 38, lines: 1, entries: 1, senses: 2, forms: 3, languages: { es: 1 } }),
      truncated: false,
      sample: [{ lemma: 'casa', pos: 'noun', senses: ['house'], forms: ['casas'] }],
    };
    preview.answer(Response.json(answer));

    await vi.waitFor(() => expect(resultBox().value).toBe(JSON.stringify(answer, null, 2)));
    expect(screen.getByRole('status').textContent).toBe('Preview ready: 1 entry in 1 line, 0 skipped.');
    expect(button('Preview').disabled).toBe(false);
  });

  it("shows 'Error: ' and the server's sentence when a preview is refused, or a sentence of its own", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.routes[UPLOAD] = () =>
      Response.json({ error: 'The file is truncated: its gzip stream ends early.' }, { status: 400 });
    const user = setUp();
    await fillForm(user, dump('es-extract.jsonl.gz'));

    await user.click(button('Preview'));
    await vi.waitFor(() =>
      expect(resultBox().value).toBe('Error: The file is truncated: its gzip stream ends early.'),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Error: The file is truncated: its gzip stream ends early.',
    );

    fakeApi.routes[UPLOAD] = () => Response.json({ action: 'preview' });
    await user.click(button('Preview'));
    await vi.waitFor(() => expect(resultBox().value).toBe('Error: Failed to preview the file'));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('refuses the same language as source and target without sending anything', async () => {
    const user = setUp();
    await choose(user, 'Source language', 'Spanish (es)');
    await choose(user, 'Target language', 'Spanish (es)');
    await user.upload(screen.getByLabelText('File'), dump());

    await user.click(button('Preview'));
    expect(resultBox().value).toBe('Error: The source language must differ from the target language.');
    await user.click(button('Import'));
    expect(resultBox().value).toBe('Error: The source language must differ from the target language.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.countOf(UPLOAD)).toBe(0);
  });

  it('asks for both languages before sending anything', async () => {
    const user = setUp();
    await user.upload(await screen.findByLabelText('File'), dump());

    await user.click(button('Preview'));
    expect(resultBox().value).toBe('Error: Choose the source language.');
    await choose(user, 'Source language', 'Spanish (es)');
    await user.click(button('Import'));
    expect(resultBox().value).toBe('Error: Choose the target language.');
    expect(fakeApi.countOf(UPLOAD)).toBe(0);
  });

  it('refuses a file that is not a wiktextract dump', async () => {
    const user = setUp();
    await fillForm(user);
    expect(button('Preview').disabled).toBe(false);

    await user.upload(screen.getByLabelText('File'), dump('words.csv'));

    expect(resultBox().value).toBe('Error: Please choose a .json, .jsonl, .json.gz or .jsonl.gz file.');
    expect((screen.getByLabelText('File') as HTMLInputElement).files).toHaveLength(0);
    expect(button('Preview').disabled).toBe(true);
    expect(button('Import').disabled).toBe(true);
  });

  it('imports only after confirmation, shows the progress while polling, then the counts', async () => {
    const queued = dictionaryImport();
    const half = counts({ bytes: 400, lines: 15_555, entries: 12_345, skipped: 3_210 });
    const running = dictionaryImport({ status: 'running', progress: half });
    const done = dictionaryImport({
      status: 'succeeded',
      progress: counts({ bytes: 1000, lines: 40_000, entries: 31_000, senses: 52_000, forms: 90_000 }),
      finished_at: '2026-03-01T10:05:00.000Z',
    });
    const upload = pending();
    fakeApi.routes[UPLOAD] = upload.handler;
    fakeApi.routes['GET /api/admin/translations/imports/5/'] = inTurn(
      () => Response.json(running),
      () => Response.json(done),
    );
    const user = setUp({ withFakeTimers: true });
    await fillForm(user, dump('es-extract.jsonl.gz', 'gzip-bytes'));

    await user.click(button('Import'));
    let dialog = screen.getByRole('dialog', { name: 'Import Translations' });
    expect(dialog.textContent).toContain(
      'Import "es-extract.jsonl.gz" as the Spanish → English dictionary? When the import finishes, it replaces the current dictionary of this pair.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakeApi.countOf(UPLOAD)).toBe(0);

    await user.click(button('Import'));
    dialog = screen.getByRole('dialog', { name: 'Import Translations' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByRole('button', { name: 'Uploading...' })).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(button('Preview').disabled).toBe(true);
    expect((await sentForms())[0]).toEqual([
      ['mode', 'wiktextract'],
      ['source', 'es'],
      ['target', 'en'],
      ['action', 'import'],
      ['file', 'es-extract.jsonl.gz: gzip-bytes'],
    ]);
    imports = [queued];
    upload.answer(Response.json({ action: 'import', import: queued }, { status: 202 }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Waiting to start...')).toBeDefined();
    expect(resultBox().value).toBe(JSON.stringify({ action: 'import', import: queued }, null, 2));
    expect(button('Importing...').disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Importing Spanish → English' })).toBeDefined();

    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText('12,345 entries · 40% · 3,210 lines skipped')).toBeDefined();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );

    imports = [done];
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(resultBox().value).toBe(JSON.stringify(done, null, 2)));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Import finished: 31,000 entries.');
    expect(button('Import').disabled).toBe(false);
    const list = screen.getByRole('list', { name: 'Recent imports' });
    await vi.waitFor(() => expect(within(list).getByText('Succeeded')).toBeDefined());
    expect(within(list).getByText('31,000 entries')).toBeDefined();

    // Polling stops once the import has finished.
    const polls = fakeApi.countOf('GET /api/admin/translations/imports/5/');
    await vi.advanceTimersByTimeAsync(3000);
    expect(fakeApi.countOf('GET /api/admin/translations/imports/5/')).toBe(polls);
  });

  it("shows 'Error: ' and the import's error when it fails", async () => {
    const queued = dictionaryImport();
    fakeApi.routes[UPLOAD] = () => Response.json({ action: 'import', import: queued }, { status: 202 });
    fakeApi.routes['GET /api/admin/translations/imports/5/'] = () =>
      Response.json(
        dictionaryImport({ status: 'failed', error: 'The file is truncated: its gzip stream ends early.' }),
      );
    const user = setUp({ withFakeTimers: true });
    await fillForm(user, dump('es-extract.jsonl.gz'));
    await user.click(button('Import'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));
    await screen.findByRole('progressbar', { name: 'Import progress' });

    await vi.advanceTimersByTimeAsync(1000);

    await vi.waitFor(() =>
      expect(resultBox().value).toBe('Error: The file is truncated: its gzip stream ends early.'),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Import failed: The file is truncated: its gzip stream ends early.',
    );
  });

  it("shows 'Error: ' and the server's sentence when an import is refused", async () => {
    fakeApi.routes[UPLOAD] = () => Response.json({ error: 'The file is larger than 2 GB.' }, { status: 413 });
    const user = setUp();
    await fillForm(user);
    await user.click(button('Import'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));

    await vi.waitFor(() => expect(resultBox().value).toBe('Error: The file is larger than 2 GB.'));
    expect(button('Import').disabled).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('picks up an import still running when the tab opens, lists the recent imports and cancels after confirmation', async () => {
    const running = dictionaryImport({
      id: 8,
      source: 'fr',
      file_name: 'fr-extract.jsonl',
      status: 'running',
      progress: counts({ bytes: 250, entries: 900 }),
    });
    const older = dictionaryImport({
      id: 7,
      status: 'succeeded',
      progress: counts({ bytes: 1000, entries: 1 }),
    });
    imports = [running, older];
    fakeApi.routes['GET /api/admin/translations/imports/8/'] = () => Response.json(running);
    const cancelled = {
      ...running,
      status: 'cancelled',
      error: 'Cancelled by an administrator.',
      finished_at: '2026-03-01T10:03:00.000Z',
    } satisfies DictionaryImport;
    const cancel = pending();
    fakeApi.routes['DELETE /api/admin/translations/imports/8/'] = cancel.handler;
    const user = setUp();

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('900 entries · 25% · 0 lines skipped')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Importing French → English' })).toBeDefined();
    expect(button('Importing...').disabled).toBe(true);
    const items = within(screen.getByRole('list', { name: 'Recent imports' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('French → English')).toBeDefined();
    expect(within(items[0] as HTMLElement).getByText('fr-extract.jsonl')).toBeDefined();
    expect(within(items[0] as HTMLElement).getByText('Running')).toBeDefined();
    expect(within(items[1] as HTMLElement).getByText('1 entry')).toBeDefined();
    expect(within(items[1] as HTMLElement).getByText('Succeeded')).toBeDefined();
    expect(items[1]?.querySelector('time')?.getAttribute('dateTime')).toBe(older.created_at);

    await user.click(button('Cancel import'));
    let dialog = screen.getByRole('dialog', { name: 'Cancel Import' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep importing' }));
    expect(fakeApi.countOf('DELETE /api/admin/translations/imports/8/')).toBe(0);

    await user.click(button('Cancel import'));
    dialog = screen.getByRole('dialog', { name: 'Cancel Import' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelling...' })).toBeDefined();
    imports = [cancelled, older];
    cancel.answer(Response.json(cancelled));

    await vi.waitFor(() => expect(resultBox().value).toBe(JSON.stringify(cancelled, null, 2)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Import cancelled.');
    const list = screen.getByRole('list', { name: 'Recent imports' });
    await vi.waitFor(() => expect(within(list).getByText('Cancelled')).toBeDefined());
  });

  it('keeps the import running and says why when the cancel is refused', async () => {
    const running = dictionaryImport({ status: 'running', progress: counts({ bytes: 500 }) });
    imports = [running];
    fakeApi.routes['GET /api/admin/translations/imports/5/'] = () => Response.json(running);
    fakeApi.routes['DELETE /api/admin/translations/imports/5/'] = () =>
      Response.json({ error: 'Only administrators can do this.' }, { status: 403 });
    const user = setUp();

    await user.click(await screen.findByRole('button', { name: 'Cancel import' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Import' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel import' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only administrators can do this.');
    expect(screen.getByRole('progressbar', { name: 'Import progress', hidden: true })).toBeDefined();
  });

  it('says when there are no imports yet', async () => {
    setUp();

    expect(await screen.findByText('No imports yet.')).toBeDefined();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
