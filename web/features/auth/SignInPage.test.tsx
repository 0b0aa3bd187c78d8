import { AuthApiError } from '@supabase/auth-js';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeAuthClient } from './fake-auth-client.ts';
import { SIGN_IN_TITLE, SignInPage } from './SignInPage.tsx';
import { SessionProvider, type SessionState } from './session.tsx';

function renderSignIn(client = new FakeAuthClient(), session: SessionState = { status: 'signed_out' }) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/signin', element: <SignInPage /> },
    ],
    { initialEntries: ['/signin'] },
  );
  render(
    <SessionProvider value={session} client={client}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return { client, router };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function requestLink(email = 'ana@example.com') {
  await userEvent.type(screen.getByLabelText('Email Address'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Magic Link' }));
}

describe('SignIn', () => {
  it('has the title, the e-mail field, the button, the way to sign up and the logo home', () => {
    renderSignIn();

    expect(document.title).toBe(SIGN_IN_TITLE);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign In');
    const email = screen.getByLabelText('Email Address') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Catamaran' }).getAttribute('href')).toBe('/');
  });

  it('quotes a linguist, with author and source, in the side panel', () => {
    renderSignIn();

    const panel = screen.getByRole('complementary');
    expect(within(panel).getByText(/Acquisition requires meaningful interaction/)).toBeDefined();
    expect(within(panel).getByText('Stephen Krashen')).toBeDefined();
    expect(within(panel).getByText('Second Language Acquisition and Second Language Learning')).toBeDefined();
  });

  it('disables the field and button while sending, then shows the green success message', async () => {
    const client = new FakeAuthClient();
    const answer = deferred<{ error: Error | null }>();
    client.signInResult = answer.promise;
    renderSignIn(client);

    await requestLink(' ana@example.com ');

    expect((screen.getByLabelText('Email Address') as HTMLInputElement).disabled).toBe(true);
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    answer.resolve({ error: null });
    const message = await screen.findByRole('status');
    expect(message.textContent).toBe('Check your email for a magic link to sign in!');
    expect(message.className).toContain('green');
    expect(client.argsOf('signInWithOtp')).toEqual([
      {
        email: 'ana@example.com',
        options: { shouldCreateUser: false, data: undefined, emailRedirectTo: `${window.location.origin}/` },
      },
    ]);
  });

  it("shows the server's message in red when the request fails, and lets the visitor try again", async () => {
    const client = new FakeAuthClient();
    client.signInResult = {
      error: new Error('For security purposes, you can only request this after 42 seconds.'),
    };
    renderSignIn(client);

    await requestLink();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('For security purposes, you can only request this after 42 seconds.');
    expect(alert.className).toContain('red');
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeDefined();
  });

  it('signs in with the 6-digit code from the e-mail and goes home', async () => {
    const { client, router } = renderSignIn();
    await requestLink();
    await screen.findByText('Check your email for a magic link to sign in!');

    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    await userEvent.type(code, '123 456');
    expect(code.value).toBe('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));

    expect(await screen.findByText('Home page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
    expect(client.argsOf('verifyOtp')).toEqual([
      { email: 'ana@example.com', token: '123456', type: 'email' },
    ]);
  });

  it("shows the server's message when the code does not work", async () => {
    const client = new FakeAuthClient();
    client.verifyResult = { error: new Error('Token has expired or is invalid') };
    renderSignIn(client);
    await requestLink();
    await userEvent.type(await screen.findByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Token has expired or is invalid');
    expect(screen.queryByText('Home page')).toBeNull();
  });

  it("tells a learner who sent too many wrong codes to use the link or wait, in the server's words", async () => {
    const sentence =
      'Too many wrong codes for this address. Use the link in the e-mail instead, or try a code again in 42 minutes.';
    const client = new FakeAuthClient();
    client.verifyResult = { error: new AuthApiError(sentence, 429, 'over_request_rate_limit') };
    renderSignIn(client);
    await requestLink();
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));

    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
    expect(screen.queryByText('Home page')).toBeNull();
  });

  it('goes back to an empty form for a different address', async () => {
    renderSignIn();
    await requestLink();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a different email address' }));

    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends a signed-in visitor home', async () => {
    renderSignIn(new FakeAuthClient(), {
      status: 'signed_in',
      user: { email: 'ana@example.com' },
      accessToken: 't',
    });

    expect(await screen.findByText('Home page')).toBeDefined();
  });
});
