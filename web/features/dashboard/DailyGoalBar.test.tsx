import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query.tsx';
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
