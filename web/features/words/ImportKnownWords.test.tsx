import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportKnownResult } from '#common/schemas/terms.ts';
import { createQueryClient } from '#web/lib/query.tsx';
import { FILE_EMPTY, FILE_TOO_LARGE, ImportKnownWords } from './ImportKnownWords.tsx';

const LANGUAGES = [
  { id: 1, code: 'es', name: 'Spanish', native_name: 'Español' },
  { id: 2, code: 'fr', name: 'French', native_name: 'Français' },
];
const PREVIEW: ImportKnownResult = {
  language: 'fr',
  rows: 4,
  skipped: 1,
  terms: 2,
  to_known: 2,
  from_learning: 1,
  to_learning: 0,
  unchanged: 1,
  examples: ['chat', 'chien'],
};

interface Sent {
  url: string;
  body: { language: string; text: string };
}

function open(
  answer: (sent: Sent) => Response = () => Response.json(PREVIEW, { status: 200 }),
  onClose = vi.fn(),
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      if (url === '/api/languages/') return Response.json(LANGUAGES);
      const call = { url, body: JSON.parse(String(init?.body)) };
      sent.push(call);
      return answer(call);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ImportKnownWords defaultLanguage="es" onClose={onClose} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sent, onClose };
}

describe('ImportKnownWords', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews a pasted list with its counts, then imports it and says how many words are now known', async () => {
    const user = userEvent.setup();
    const { sent, onClose } = open((call) =>
      Response.json(call.url.endsWith('/preview/') ? PREVIEW : { ...PREVIEW, unchanged: 1 }),
    );
    await screen.findByRole('option', { name: 'Français (French)' });
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.type(screen.getByLabelText('Words you know'), 'chat{Enter}chats{Enter}chien{Enter}il y a');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect((await screen.findByText(/will become known/)).textContent).toContain(
      '2 words will become known (1 you were learning)',
    );
    expect(screen.getByText(/4 lines read/).textContent).toContain(
      '4 lines read: 2 words (forms of one word counted once).',
    );
    expect(screen.getByText(/skipped/).textContent).toContain('1 line was skipped');
    expect(screen.getByText(/For example/).textContent).toContain('For example: chat, chien');
    expect(sent).toEqual([
      { url: '/api/terms/import/preview/', body: { language: 'fr', text: 'chat\nchats\nchien\nil y a' } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Import 2 words' }));

    expect((await screen.findByRole('status')).textContent).toContain('2 words are now known.');
    expect(sent.at(-1)?.url).toBe('/api/terms/import/');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("sends a chosen file's text, and refuses an empty or oversized file before sending", async () => {
    const user = userEvent.setup();
    const { sent } = open();
    const input = screen.getByLabelText('Or upload a file');

    await user.upload(input, new File([''], 'empty.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FILE_EMPTY);
    const huge = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 5_000_000 });
    await user.upload(screen.getByLabelText('Or upload a file'), huge);
    expect((await screen.findByRole('alert')).textContent).toContain(FILE_TOO_LARGE);

    await user.upload(
      screen.getByLabelText('Or upload a file'),
      new File(['term,status\ncasa,5\n'], 'lingq.csv', { type: 'text/csv' }),
    );
    expect((await screen.findByText('lingq.csv · 1 KB')).textContent).toBe('lingq.csv · 1 KB');
    expect(screen.getByRole('button', { name: 'Remove file' })).toBeTruthy();
    expect((screen.getByLabelText('Words you know') as HTMLTextAreaElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    await screen.findByText(/will become known/);
    expect(sent).toEqual([
      { url: '/api/terms/import/preview/', body: { language: 'es', text: 'term,status\ncasa,5\n' } },
    ]);
  });

  it("shows the server's sentence when the list is refused, and keeps what was typed", async () => {
    const user = userEvent.setup();
    open(() => Response.json({ error: 'No words found in the list.' }, { status: 400 }));
    await user.type(screen.getByLabelText('Words you know'), 'de vez en cuando');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect((await screen.findByRole('alert')).textContent).toContain('No words found in the list.');
    expect((screen.getByLabelText('Words you know') as HTMLTextAreaElement).value).toBe('de vez en cuando');
  });

  it('asks for words before sending an empty list', async () => {
    const user = userEvent.setup();
    const { sent } = open();
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The list is empty: paste words, one per line.',
    );
    expect(sent).toEqual([]);
  });
});
