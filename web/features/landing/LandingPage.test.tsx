import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PRO_PLAN } from '#common/pricing.ts';
import { SessionProvider, type SessionState } from '#web/features/auth/session.tsx';
import { leavePage } from '#web/lib/leavePage.ts';
import { LANDING_TITLE, LandingPage } from './LandingPage.tsx';

vi.mock('#web/lib/leavePage.ts', () => ({ leavePage: vi.fn() }));

const SIGNED_IN: SessionState = {
  status: 'signed_in',
  user: { email: 'ana@example.com', user_metadata: { username: 'ana' } },
  accessToken: 't',
};

function renderLanding(session: SessionState = { status: 'signed_out' }) {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }], { initialEntries: ['/'] });
  return render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

function hrefsOf(name: string): (string | null)[] {
  return screen.getAllByRole('link', { name }).map((link) => link.getAttribute('href'));
}

describe('Landing', () => {
  it('titles the document', () => {
    renderLanding();
    expect(document.title).toBe(LANDING_TITLE);
    expect(LANDING_TITLE).toBe('Catamaran: learn a language by reading stories');
  });

  it('offers a signed-out visitor Get Started and Sign In in the header', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    expect(within(header).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
    expect(within(header).getByRole('link', { name: 'Catamaran' }).getAttribute('href')).toBe('/');
    expect(hrefsOf('Get Started').every((href) => href === '/signup')).toBe(true);
    expect(hrefsOf('Sign In').every((href) => href === '/signin')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('welcomes a signed-in visitor by username with one Go to Dashboard button and no sign-up', () => {
    renderLanding(SIGNED_IN);
    expect(screen.getByText('Welcome back, ana!')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryAllByRole('link').some((link) => link.getAttribute('href') === '/signup')).toBe(false);
  });

  it('falls back to the e-mail before the @ when there is no username', () => {
    renderLanding({ status: 'signed_in', user: { email: 'maria@example.com' }, accessToken: 't' });
    expect(screen.getByText('Welcome back, maria!')).toBeDefined();
  });

  it('shows neither set of buttons while the session loads', () => {
    renderLanding({ status: 'loading' });
    for (const name of ['Get Started', 'Sign In', 'Go to Dashboard']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('has one h1 and its sections in the specified order, each named by its heading', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    const sections = Array.from(main.querySelectorAll('section'));
    const names = sections.map((section) => {
      const heading = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
      return heading?.textContent;
    });
    expect(names.slice(1)).toEqual([
      'What You Need to Acquire a Language',
      'How It Works',
      'Simple Pricing',
      'Frequently Asked Questions',
      'Start Learning Today',
    ]);
    expect(sections[0]?.querySelector('h1')).not.toBeNull();
    expect(screen.getByRole('contentinfo')).toBeDefined();
  });

  it('states the three figures of the hero', () => {
    renderLanding();
    const stats = screen.getByRole('heading', { level: 1 }).closest('section')?.querySelector('dl');
    const figures = Array.from(stats?.querySelectorAll('div') ?? []).map((item) => [
      item.querySelector('dd')?.textContent,
      item.querySelector('dt')?.textContent,
    ]);
    expect(figures).toEqual([
      ['14', 'languages'],
      ['400+', 'videos per language'],
      ['6K+', 'minutes of content'],
    ]);
    expect(screen.getByText(/No flashcards\. No games\./)).toBeDefined();
  });

  it('names the three cards and the three steps', () => {
    renderLanding();
    for (const name of [
      'Comprehensible Input',
      'Captivating Content',
      'Progressive Structure',
      'You Read',
      'You Build Understanding',
      'You Progress Naturally',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeDefined();
    }
    const steps = within(screen.getByRole('region', { name: 'How It Works' })).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
  });

  it('starts the pricing on Yearly and switches between Monthly and Yearly on click', async () => {
    const user = userEvent.setup();
    renderLanding();
    const pricing = within(screen.getByRole('region', { name: 'Simple Pricing' }));
    const toggles = pricing.getAllByRole('button');
    expect(toggles.map((button) => button.textContent)).toEqual(['Monthly', 'Yearly']);
    const [monthly, yearly] = toggles;
    if (!monthly || !yearly) throw new Error('The billing toggle is missing.');

    expect(yearly.getAttribute('aria-pressed')).toBe('true');
    expect(monthly.getAttribute('aria-pressed')).toBe('false');
    expect(pricing.getByText('$15')).toBeDefined();
    expect(pricing.getByText('Save 25%')).toBeDefined();
    expect(pricing.getByText('billed $180 yearly')).toBeDefined();

    await user.click(monthly);
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    expect(yearly.getAttribute('aria-pressed')).toBe('false');
    expect(pricing.getByText('$20')).toBeDefined();
    expect(pricing.queryByText('$15')).toBeNull();
    expect(pricing.queryByText('Save 25%')).toBeNull();

    await user.click(yearly);
    expect(pricing.getByText('$15')).toBeDefined();
    expect(pricing.getByText('Save 25%')).toBeDefined();
  });

  it('lists the six World Traveler features and sends a visitor to sign up', () => {
    renderLanding();
    const pricing = within(screen.getByRole('region', { name: 'Simple Pricing' }));
    expect(pricing.getByRole('heading', { name: 'World Traveler' })).toBeDefined();
    const features = pricing.getByRole('list', { name: 'World Traveler includes' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...PRO_PLAN.features]);
    expect(pricing.getByRole('link', { name: 'Choose This Plan' }).getAttribute('href')).toBe('/signup');
    expect(pricing.getByText(/free plan/)).toBeDefined();
  });

  it('takes a signed-in learner to checkout for the plan the toggle shows', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ checkout_url: 'https://checkout.stripe.com/c/pay/cs_2' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      renderLanding(SIGNED_IN);
      const pricing = within(screen.getByRole('region', { name: 'Simple Pricing' }));
      await userEvent.click(pricing.getByRole('button', { name: 'Monthly' }));
      await userEvent.click(pricing.getByRole('button', { name: 'Choose This Plan' }));

      await vi.waitFor(() =>
        expect(leavePage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2'),
      );
      const [path, init] = fetchMock.mock.calls[0] ?? [];
      expect(path).toBe('/api/create-checkout-session/');
      expect(JSON.parse(String(init?.body))).toEqual({ plan: 'monthly' });
      expect((pricing.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says why a signed-in learner’s checkout could not start', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: 'Billing is not set up on this server, so Pro cannot be bought here yet.' },
        { status: 503 },
      ),
    );
    try {
      renderLanding(SIGNED_IN);
      const pricing = within(screen.getByRole('region', { name: 'Simple Pricing' }));
      await userEvent.click(pricing.getByRole('button', { name: 'Choose This Plan' }));
      expect((await pricing.findByRole('alert')).textContent).toBe(
        'Billing is not set up on this server, so Pro cannot be bought here yet.',
      );
      expect((pricing.getByRole('button', { name: 'Choose This Plan' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks five questions as native disclosures, in order', () => {
    renderLanding();
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    const summaries = Array.from(faq.querySelectorAll('details > summary')).map(
      (summary) => summary.textContent,
    );
    expect(summaries).toEqual([
      'What is comprehensible input?',
      'Can I learn from videos and audio, too?',
      'How is Catamaran different from other language apps?',
      'Does learning by reading really work?',
      'How can I see my progress?',
    ]);
  });

  it('ends with a call to sign up and a footer with the narrator application', () => {
    renderLanding();
    const closing = within(screen.getByRole('region', { name: 'Start Learning Today' }));
    expect(closing.getByRole('link').getAttribute('href')).toBe('/signup');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Apply to narrate' }).getAttribute('href')).toBe('/apply');
    expect(footer.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
    expect(footer.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    expect(footer.getByText('© 2026 Catamaran')).toBeDefined();
  });
});
