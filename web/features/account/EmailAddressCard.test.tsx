import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { SessionProvider, useSession } from '#web/features/auth/session.tsx';
import { EMAIL_CHANGED, EmailAddressCard, emailChangePending } from './EmailAddressCard.tsx';

function Card() {
  const session = useSession();
  return session.status === 'signed_in' ? <EmailAddressCard user={session.user} /> : <p>Loading</p>;
}

function renderCard(client = new FakeAuthClient(fakeSession('ana@example.com')), state?: unknown) {
  const router = createMemoryRouter([{ path: '/account', element: <Card /> }], {
    initialEntries: [{ pathname: '/account', state }],
  });
  render(
    <SessionProvider client={client}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return client;
}

describe('EmailAddressCard', () => {
  it('asks for a change with the new address, and says where the link went', async () => {
    const user = userEvent.setup();
    const client = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Change e-mail address' }));
    await user.type(screen.getByLabelText('New e-mail address'), '  ana.new@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));

    expect(await screen.findByText(emailChangePending('ana.new@example.com'))).toBeDefined();
    expect(client.argsOf('updateUser')).toEqual([
      {
        attributes: { email: 'ana.new@example.com' },
        options: { emailRedirectTo: `${window.location.origin}/account` },
      },
    ]);
    expect(screen.queryByLabelText('New e-mail address')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use another address' })).toBeDefined();
  });

  it('refuses a malformed address before asking the server', async () => {
    const user = userEvent.setup();
    const client = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Change e-mail address' }));

    await user.type(screen.getByLabelText('New e-mail address'), 'ana at example');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));

    const field = screen.getByLabelText('New e-mail address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeDefined();
    expect(client.argsOf('updateUser')).toHaveLength(0);
  });

  it("shows the server's sentence when the address is taken, keeping what was typed", async () => {
    const user = userEvent.setup();
    const client = new FakeAuthClient(fakeSession('ana@example.com'));
    client.updateResult = {
      error: Object.assign(new Error('A user with this email address has already been registered'), {
        status: 422,
      }),
    };
    renderCard(client);
    await user.click(await screen.findByRole('button', { name: 'Change e-mail address' }));
    await user.type(screen.getByLabelText('New e-mail address'), 'taken@example.com');

    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));

    expect(
      await screen.findByText('A user with this email address has already been registered'),
    ).toBeDefined();
    expect((screen.getByLabelText('New e-mail address') as HTMLInputElement).value).toBe('taken@example.com');
  });

  it('says the address changed when the confirmation link led here', async () => {
    renderCard(undefined, { emailChanged: true });

    expect(await screen.findByText(EMAIL_CHANGED)).toBeDefined();
  });

  it('shows a change still waiting for its link', async () => {
    const session = fakeSession('ana@example.com');
    session.user.new_email = 'later@example.com';
    renderCard(new FakeAuthClient(session));

    expect(await screen.findByText(emailChangePending('later@example.com'))).toBeDefined();
  });
});
