import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeAuthClient } from './fake-auth-client.ts';
import { SIGN_UP_TITLE, SignUpPage } from './SignUpPage.tsx';
import { SessionProvider } from './session.tsx';

function renderSignUp(client = new FakeAuthClient()) {
  render(
    <SessionProvider value={{ status: 'signed_out' }} client={client}>
      <MemoryRouter initialEntries={['/signup']}>
        <SignUpPage />
      </MemoryRouter>
    </SessionProvider>,
  );
  return client;
}

describe('SignUp', () => {
  it('has the title, both required fields, the button, the terms and the way to sign in', () => {
    renderSignUp();

    expect(document.title).toBe(SIGN_UP_TITLE);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign Up');
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    const email = screen.getByLabelText('Email Address') as HTMLInputElement;
    expect(name.required && email.required).toBe(true);
    expect(email.type).toBe('email');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDefined();
    expect(screen.getByText(/you agree to our/).textContent).toMatch(/Terms of Service and Privacy Policy/);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('link', { name: 'Catamaran' }).getAttribute('href')).toBe('/');
  });

  it('lists the four benefits in the side panel', () => {
    renderSignUp();

    const panel = screen.getByRole('complementary');
    const titles = within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'All languages',
      'Comprehensible input',
      'Progressive learning',
      'Mobile and desktop',
    ]);
    expect(within(panel).getByText(/14 languages and growing/)).toBeDefined();
  });

  it('creates the account with the full name and its username, and says to check the e-mail', async () => {
    const client = renderSignUp();

    await userEvent.type(screen.getByLabelText('Name'), 'Ana Maria Lima');
    await userEvent.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const message = await screen.findByRole('status');
    expect(message.textContent).toBe('Check your email to complete your signup!');
    expect(message.className).toContain('green');
    expect(client.argsOf('signInWithOtp')).toEqual([
      {
        email: 'ana@example.com',
        options: {
          shouldCreateUser: true,
          data: { full_name: 'Ana Maria Lima', username: 'anamarialima' },
          // A new account's link opens the library, not the landing page (issue 23 #6).
          emailRedirectTo: `${window.location.origin}/dashboard`,
        },
      },
    ]);
    expect(screen.getByLabelText('6-digit code')).toBeDefined();
  });

  it('opens the library once signed in with the 6-digit code, as the link does', async () => {
    const client = new FakeAuthClient();
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/dashboard', element: <p>Dashboard page</p> },
        { path: '/signup', element: <SignUpPage /> },
      ],
      { initialEntries: ['/signup'] },
    );
    render(
      <SessionProvider client={client}>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Name'), 'Maya Ortiz');
    await userEvent.type(screen.getByLabelText('Email Address'), 'maya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await userEvent.type(await screen.findByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));

    expect(await screen.findByText('Dashboard page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Home page')).toBeNull();
  });

  it("says 'Creating account...' with every field disabled while the request runs", async () => {
    const client = new FakeAuthClient();
    client.signInResult = new Promise(() => {});
    renderSignUp(client);

    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((screen.getByRole('button', { name: 'Creating account...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).disabled).toBe(true);
  });

  it('does not send the form while the name is empty', async () => {
    const client = renderSignUp();

    await userEvent.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(client.argsOf('signInWithOtp')).toEqual([]);
  });
});
