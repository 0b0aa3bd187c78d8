import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptPageState, PAGE_STATE_ID, tokenTail } from '#web/lib/pageSession.ts';
import { createQueryClient, queryClientFor } from '#web/lib/query.tsx';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { DailyGoalBar } from './DailyGoalBar.tsx';

/** Answers the goal's calls: `start` minutes (60 unless told) until a PUT sets another. */
function serveGoal(start = 60) {
  let goal = start;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname !== '/api/daily-goal/') return Response.json({ error: 'Not found' }, { status: 404 });
      if (init?.method === 'PUT' && typeof init.body === 'string') {
        goal = (JSON.parse(init.body) as { goal_minutes: number }).goal_minutes;
      }
      return Response.json({ goal_minutes: goal, today_minutes: 0, percentage: 0 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DailyGoalBar language="es" />
    </QueryClientProvider>,
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const edit = await screen.findByRole('button', { name: 'Edit daily goal' });
  await user.click(edit);
  const dialog = await screen.findByRole('dialog', { name: 'Daily Goal' });
  return { edit, dialog };
}

describe('the daily goal bar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says "0 / 1 minute today" for a goal of one minute, the noun agreeing with the goal', async () => {
    serveGoal(1);
    expect(await screen.findByText('0 / 1 minute today · 0%')).toBeDefined();
  });
});

describe('the daily goal dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the minutes field, its number selected to be typed over', async () => {
    const user = userEvent.setup();
    serveGoal();
    await openDialog(user);
    const minutes = screen.getByLabelText('Minutes per day');
    expect(document.activeElement).toBe(minutes);
    await user.keyboard('45');
    expect(minutes).toHaveProperty('value', '45');
  });

  it('gives the focus back to the edit button after Esc', async () => {
    const user = userEvent.setup();
    serveGoal();
    const { edit } = await openDialog(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(edit);
  });

  it('gives the focus back to the edit button after Cancel and after the ✕', async () => {
    const user = userEvent.setup();
    serveGoal();
    const { edit, dialog } = await openDialog(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(edit);

    await openDialog(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(edit);
  });

  it('gives the focus back to the edit button after a save', async () => {
    const user = userEvent.setup();
    serveGoal();
    const { edit } = await openDialog(user);
    await user.clear(screen.getByLabelText('Minutes per day'));
    await user.type(screen.getByLabelText('Minutes per day'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('0 / 30 minutes today · 0%')).toBeDefined();
    expect(document.activeElement).toBe(edit);
  });
});

describe('the daily goal on a page the server drew', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not asked again as the page opens, but is when a screen shows it again after another answer', async () => {
    const drawn = createQueryClient();
    drawn.setQueryData(queryKeys.dailyGoal('es'), { goal_minutes: 20, today_minutes: 5, percentage: 25 });
    const token = 'header.claims.signature-of-the-drawn-page-token';
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_STATE_ID;
    script.textContent = JSON.stringify({
      path: '/dashboard',
      tokenTail: tokenTail(token),
      language: 'es',
      queries: dehydrate(drawn),
    });
    document.body.append(script);
    expect(acceptPageState('/dashboard', token, undefined)).toBeDefined();
    const calls = vi.fn(async () => Response.json({ goal_minutes: 20, today_minutes: 9, percentage: 45 }));
    vi.stubGlobal('fetch', calls);
    const client = queryClientFor('drawn-goal@example.com');
    const bar = () => (
      <QueryClientProvider client={client}>
        <DailyGoalBar language="es" />
      </QueryClientProvider>
    );

    const first = render(bar());
    // What the server drew, and no call for it: the query is not fetching once its observer has subscribed.
    expect(screen.getByText('5 / 20 minutes today · 25%')).toBeDefined();
    expect(client.getQueryState(queryKeys.dailyGoal('es'))?.fetchStatus).toBe('idle');
    first.unmount();

    // Another answer since (the 30-second poll, a change): a screen that shows the goal again asks for it.
    client.setQueryData(queryKeys.dailyGoal('es'), { goal_minutes: 20, today_minutes: 7, percentage: 35 });
    render(bar());
    expect(client.getQueryState(queryKeys.dailyGoal('es'))?.fetchStatus).toBe('fetching');
    expect(await screen.findByText('9 / 20 minutes today · 45%')).toBeDefined();
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
