import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { RequireSession } from '#web/features/auth/RequireSession.tsx';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { FEEDBACK_TITLE, FeedbackPage } from './FeedbackPage.tsx';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let answer: Handler;
const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init));

beforeEach(() => {
  answer = () => Response.json({ id: 1, created_at: '2026-11-22T10:00:00Z' }, { status: 201 });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderFeedback() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      {
        path: '/feedback',
        element: (
          <RequireSession loadingText="Loading...">
            <FeedbackPage />
          </RequireSession>
        ),
      },
    ],
    { initialEntries: ['/feedback'] },
  );
  render(
    <SessionProvider client={new FakeAuthClient(fakeSession('reader@example.com'))}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

const submit = () => screen.getByRole('button', { name: 'Submit Feedback' }) as HTMLButtonElement;

describe('Feedback', () => {
  it('sends the learner’s words with their address shown, then thanks them', async () => {
    const user = userEvent.setup();
    renderFeedback();
    expect(
      await screen.findByText(
        "We'd love to hear your thoughts, suggestions, or any issues you've encountered.",
      ),
    ).toBeDefined();
    expect(document.title).toBe(FEEDBACK_TITLE);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('reader@example.com');
    expect(email.readOnly).toBe(true);
    const box = screen.getByLabelText('Your feedback') as HTMLTextAreaElement;
    expect(box.rows).toBe(8);
    expect(submit().disabled).toBe(true);

    await user.type(box, 'More stories in Portuguese, please.');
    await user.click(submit());

    const thanks = await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(document.activeElement).toBe(thanks);
    expect(
      screen.getByText('We appreciate you taking the time to share your thoughts with us.'),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/feedback/');
    expect(JSON.parse(String(init?.body))).toEqual({ feedback_text: 'More stories in Portuguese, please.' });
  });

  it('asks for words when there are only spaces', async () => {
    const user = userEvent.setup();
    renderFeedback();
    await user.type(await screen.findByLabelText('Your feedback'), '   ');
    await user.click(submit());
    expect(screen.getByText('Please enter your feedback')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says why it could not send, keeping the text', async () => {
    const user = userEvent.setup();
    renderFeedback();
    const box = (await screen.findByLabelText('Your feedback')) as HTMLTextAreaElement;
    await user.type(box, 'Hello');

    answer = () => Response.json({ error: 'Feedback can be at most 10,000 characters.' }, { status: 400 });
    await user.click(submit());
    expect(await screen.findByText('Feedback can be at most 10,000 characters.')).toBeDefined();

    answer = () => new Response('', { status: 500 });
    await user.click(submit());
    expect(await screen.findByText('Failed to submit feedback')).toBeDefined();

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(submit());
    expect(await screen.findByText('Failed to submit feedback. Please try again.')).toBeDefined();
    expect(box.value).toBe('Hello');
  });
});
