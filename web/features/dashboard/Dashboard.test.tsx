import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanguageProgressEntry, LearnerLevel } from '#common/schemas/reading.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { Dashboard } from './Dashboard.tsx';

const ES = { id: 1, code: 'es', name: 'Spanish', native_name: 'Español' };
const FR = { id: 2, code: 'fr', name: 'French', native_name: 'Français' };
const EN = { id: 3, code: 'en', name: 'English', native_name: 'English' };

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

beforeAll(() => {
  // jsdom lacks the pointer-capture and scrolling calls Radix Select makes while open.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // Nor does it know the <search> element the library's search sits in, which React would call unrecognised.
  const createElement = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
    const element = createElement(tag, options);
    if (tag === 'search') Object.setPrototypeOf(element, HTMLElement.prototype);
    return element;
  });
});

/**
 * Serves the dashboard from a learner's languages (`learned`), saving each new one; `refuse` fails the save.
 * `seed` fills the query cache first, as the answers a drawn page came with do.
 */
function serve(
  learned: (typeof ES)[],
  { refuse = false, seed }: { refuse?: boolean; seed?: (client: QueryClient) => void } = {},
) {
  const sent: Sent[] = [];
  const entryOf = (language: typeof ES, level: LearnerLevel = 'beginner'): LanguageProgressEntry => ({
    id: language.id,
    language,
    native_language: EN,
    total_words_read: 0,
    total_points: 0,
    current_level: level,
  });
  const entries = learned.map((language) => entryOf(language));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, url, body });
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/languages/':
          return Response.json([EN, ES, FR]);
        case 'GET /api/user/language-progress/':
          return Response.json(entries);
        case 'POST /api/user/language-progress/': {
          if (refuse) return Response.json({ error: 'The database is busy.' }, { status: 503 });
          const language = [ES, FR].find((item) => item.id === body.language_id) ?? ES;
          const entry = entryOf(language, body.current_level);
          entries.push(entry);
          return Response.json(entry, { status: 201 });
        }
        case 'GET /api/admin/check-permission/':
          return Response.json({ is_admin: false });
        case 'GET /api/daily-goal/':
          return Response.json({ goal_minutes: 60, today_minutes: 0, percentage: 0 });
        case 'GET /api/stories/':
          return Response.json([]);
        default:
          return Response.json({ error: 'Not found' }, { status: 404 });
      }
    }),
  );
  const client = createQueryClient();
  seed?.(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

const saves = (sent: Sent[]) =>
  sent.filter((call) => call.method === 'POST' && call.url.pathname === '/api/user/language-progress/');
const storyQueries = (sent: Sent[]) =>
  sent.filter((call) => call.url.pathname === '/api/stories/').map((call) => call.url.search);

async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Language to learn' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('Dashboard: the first choice of a language', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('asks the level, saves it, and opens the library at its difficulties', async () => {
    const user = userEvent.setup();
    const sent = serve([]);
    await screen.findByRole('heading', { name: 'Welcome to Catamaran!' });

    await pick(user, 'Español (Spanish)');
    const dialog = await screen.findByRole('dialog', { name: 'How well do you know Spanish?' });
    // It opens on the first answer; each answer says where the library opens.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'New to it' })),
    );
    const little = within(dialog).getByRole('button', { name: 'A little' });
    expect(document.getElementById(little.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Child and Teen stories',
    );
    expect(saves(sent)).toEqual([]);
    // Not chosen until answered: the picker behind still shows its placeholder.
    expect(screen.getByRole('combobox', { name: 'Language to learn', hidden: true }).textContent).toContain(
      'Choose a language',
    );
    await user.click(little);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves(sent).map((call) => call.body)).toEqual([
      { language_id: ES.id, native_language_id: EN.id, current_level: 'beginner' },
    ]);
    await screen.findByRole('button', { name: 'Filters, 3 selected' });
    await waitFor(() =>
      expect(storyQueries(sent)).toEqual(['?language=es&difficulty=child%2Cteen&hide_adult=true']),
    );
    expect(window.localStorage.getItem('catamaran-language')).toBe('es');
  });

  it('saves Advanced as the advanced level, at the adult and expert stories', async () => {
    const user = userEvent.setup();
    const sent = serve([]);

    await pick(user, 'Español (Spanish)');
    const dialog = await screen.findByRole('dialog', { name: 'How well do you know Spanish?' });
    await user.click(within(dialog).getByRole('button', { name: 'Advanced' }));

    await waitFor(() =>
      expect(storyQueries(sent)).toEqual(['?language=es&difficulty=adult%2Cexpert&hide_adult=true']),
    );
    expect(saves(sent).map((call) => call.body)).toEqual([
      { language_id: ES.id, native_language_id: EN.id, current_level: 'advanced' },
    ]);
  });

  it('does not ask again about a language already chosen, and saves it as before', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('catamaran-language', 'fr');
    const sent = serve([ES, FR]);
    await waitFor(() => expect(storyQueries(sent)).toEqual(['?language=fr&hide_adult=true']));

    await pick(user, 'Español (Spanish)');

    await waitFor(() => expect(storyQueries(sent)).toContain('?language=es&hide_adult=true'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves(sent).map((call) => call.body)).toEqual([
      { language_id: ES.id, native_language_id: EN.id, current_level: 'beginner' },
    ]);
  });

  it('on Skip chooses the language at the beginner level, with the library unfiltered', async () => {
    const user = userEvent.setup();
    const sent = serve([]);

    await pick(user, 'Français (French)');
    const dialog = await screen.findByRole('dialog', { name: 'How well do you know French?' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));

    await waitFor(() => expect(storyQueries(sent)).toEqual(['?language=fr&hide_adult=true']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves(sent).map((call) => call.body)).toEqual([
      { language_id: FR.id, native_language_id: EN.id, current_level: 'beginner' },
    ]);
  });

  it('keeps the dialog open with a sentence when the level cannot be saved, and Escape skips', async () => {
    const user = userEvent.setup();
    const sent = serve([], { refuse: true });

    await pick(user, 'Español (Spanish)');
    const dialog = await screen.findByRole('dialog', { name: 'How well do you know Spanish?' });
    await user.click(within(dialog).getByRole('button', { name: 'Intermediate' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The database is busy.');
    // Behind the dialog (hidden from the accessibility tree while it is open) no language is chosen yet.
    expect(screen.getByText('Welcome to Catamaran!')).toBeTruthy();
    expect(storyQueries(sent)).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(storyQueries(sent)).toEqual(['?language=es&hide_adult=true']));
  });
});

describe('Dashboard: a page drawn with its first answers', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('takes the drawn admin permission as it is, and still asks today’s goal afresh', async () => {
    const sent = serve([ES], {
      seed: (client) => {
        client.setQueryData(queryKeys.languages(), [EN, ES, FR]);
        client.setQueryData(queryKeys.adminPermission(), { is_admin: false });
        client.setQueryData(queryKeys.dailyGoal('es'), { goal_minutes: 60, today_minutes: 5, percentage: 8 });
      },
    });
    await screen.findByRole('heading', { name: 'Stories' });
    await waitFor(() => expect(sent.some((call) => call.url.pathname === '/api/daily-goal/')).toBe(true));
    expect(sent.filter((call) => call.url.pathname === '/api/admin/check-permission/')).toEqual([]);
  });
});
