import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_LANGUAGES, type FormLanguage } from '#common/schemas/narrators.ts';
import { RequireSession } from '#web/features/auth/RequireSession.tsx';
import { SignInPage } from '#web/features/auth/SignInPage.tsx';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { ApplyPage } from './ApplyPage.tsx';
import { APPLY_STRINGS } from './strings.ts';
import { REDIRECT_AFTER_MS } from './useApplication.ts';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let answer: Handler;
/** What the server answers an application it took. */
const CREATED = { id: 7, form_language: 'en', created_at: '2026-11-25T10:00:00.000Z' };
const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init));

beforeEach(() => {
  answer = () => Response.json(CREATED, { status: 201 });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

function renderApply() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Landing page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/apply', element: <ApplyPage /> },
    ],
    { initialEntries: ['/apply'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** /apply as a signed-out visitor meets it: the dashboard it leads to sends them on to the real Sign In. */
function renderApplySignedOut() {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <RequireSession loadingText="Loading your dashboard...">
            <p>Dashboard page</p>
          </RequireSession>
        ),
      },
      { path: '/signin', element: <SignInPage /> },
      { path: '/apply', element: <ApplyPage /> },
    ],
    { initialEntries: ['/apply'] },
  );
  render(
    <SessionProvider value={{ status: 'signed_out' }}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

/** A 429 as the server answers it, with or without its Retry-After. */
function tooMany(retryAfter?: string): Response {
  const headers: Record<string, string> = retryAfter ? { 'Retry-After': retryAfter } : {};
  return Response.json(
    { error: 'Too many requests from your network. Please try again in 4 minutes.' },
    { status: 429, headers },
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const group = (name: string) => screen.getByRole('radiogroup', { name });
const pickLanguage = (user: UserEvent, name: string) => user.click(screen.getByRole('radio', { name }));

/** Puts a whole answer in at once (typing it key by key would only slow the tests down). */
async function enter(user: UserEvent, label: string, value: string) {
  await user.click(textbox(label));
  await user.paste(value);
}

/** Answers every required question of the form, in the words of its language, plus a few optional ones. */
async function fillApplication(user: UserEvent, language: FormLanguage) {
  const t = APPLY_STRINGS[language];
  await enter(user, t.labels.full_name, 'María García');
  await enter(user, t.labels.email, 'maria@example.com');
  await enter(user, t.labels.city_country, 'Bogotá, Colombia');
  await enter(user, t.labels.native_languages, 'Español');
  await enter(user, t.labels.experience_text, 'Locutora de radio durante cinco años.');
  await user.click(within(group(t.labels.camera_comfortable)).getByRole('radio', { name: t.yes }));
  await user.click(within(group(t.labels.quiet_env)).getByRole('radio', { name: t.yes }));
  await user.click(within(group(t.labels.willing_submit_sample)).getByRole('radio', { name: t.no }));
  await user.click(
    within(group(t.labels.weekly_hours_choice)).getByRole('radio', { name: t.weeklyHours['10-20'] }),
  );
  await user.click(screen.getByRole('checkbox', { name: t.labels.topics_general }));
  await user.click(screen.getByRole('checkbox', { name: t.labels.topics_nsfw }));
  await enter(user, t.labels.why_catamaran, 'Me encanta contar historias.');
}

describe('Apply', () => {
  it('starts in English and translates the whole page into the language picked', async () => {
    const user = userEvent.setup();
    renderApply();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a Catamaran narrator' })).toBeDefined();
    expect(textbox('Full name')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDefined();
    expect(document.title).toBe('Narrator Application · Catamaran');
    expect(screen.getByRole('main').closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Catamaran' }).getAttribute('href')).toBe('/');

    await pickLanguage(user, 'Español (Spanish)');
    expect(screen.getByRole('heading', { level: 1, name: 'Presta tu voz a Catamaran' })).toBeDefined();
    expect(textbox('Nombre completo')).toBeDefined();
    expect(textbox('Correo electrónico').type).toBe('email');
    expect(screen.getByRole('group', { name: 'Datos básicos' })).toBeDefined();
    expect(group('¿Te resulta cómodo aparecer en cámara?')).toBeDefined();
    expect(screen.getByRole('radio', { name: 'Menos de 5 horas' })).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'NSFW: contenido explícito' })).toBeDefined();
    expect(screen.getByPlaceholderText('p. ej., 25 USD')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
    expect(document.title).toBe('Solicitud para narradores · Catamaran');
    expect(screen.getByRole('main').closest('[lang]')?.getAttribute('lang')).toBe('es');

    await pickLanguage(user, '中文 (Chinese)');
    expect(textbox('姓名')).toBeDefined();
    expect(screen.getByRole('button', { name: '提交申请' })).toBeDefined();
    await pickLanguage(user, 'Français (French)');
    expect(textbox('Prénom et nom')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Envoyer ma candidature' })).toBeDefined();
  });

  it('offers the browser’s language first when the form is written in it', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    renderApply();
    expect((screen.getByRole('radio', { name: 'Français (French)' }) as HTMLInputElement).checked).toBe(true);
    expect(textbox('Prénom et nom')).toBeDefined();
  });

  it('sends nothing while required answers are missing: it says which, in the form’s language, and goes to the first', async () => {
    const user = userEvent.setup();
    renderApply();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    expect(fetchMock).not.toHaveBeenCalled();
    const name = textbox('Full name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.required).toBe(true);
    const nameError = screen.getByText('Enter your full name.');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(nameError.id);
    for (const message of Object.values(APPLY_STRINGS.en.errors.required)) {
      expect(screen.getByText(message)).toBeDefined();
    }
    const camera = group('Are you comfortable on camera?');
    expect(camera.getAttribute('aria-required')).toBe('true');
    const yes = within(camera).getByRole('radio', { name: 'Yes' });
    expect(yes.getAttribute('aria-invalid')).toBe('true');
    expect(yes.getAttribute('aria-describedby')).toBe(
      screen.getByText('Tell us whether you are comfortable on camera.').id,
    );
    // The optional answers are not asked for.
    expect(textbox('How would you describe your accent?').getAttribute('aria-invalid')).toBeNull();
    expect(group('Could you buy a mid-grade microphone?').getAttribute('aria-required')).toBeNull();

    // The messages follow the language, and an answered field drops its message.
    await pickLanguage(user, 'Español (Spanish)');
    expect(screen.getByText('Escribe tu nombre completo.')).toBeDefined();
    await user.type(textbox('Nombre completo'), 'María');
    expect(screen.queryByText('Escribe tu nombre completo.')).toBeNull();
    expect(textbox('Nombre completo').getAttribute('aria-invalid')).toBeNull();

    await user.type(textbox('Correo electrónico'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(textbox('Correo electrónico'));
    expect(screen.getByText('Escribe un correo electrónico válido, como nombre@example.com.')).toBeDefined();
  });

  it('sends the application in the chosen language, thanks the applicant, and goes to the dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let release: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    const router = renderApply();

    await pickLanguage(user, 'Español (Spanish)');
    await fillApplication(user, 'es');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    const sending = await screen.findByRole('button', { name: 'Enviando...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    // The sections' fieldsets are disabled, which disables every field in them.
    expect(textbox('Nombre completo').matches(':disabled')).toBe(true);
    expect(
      screen.getByRole('checkbox', { name: 'Generales: aptas para todo público' }).matches(':disabled'),
    ).toBe(true);
    expect(screen.getByRole('radio', { name: 'English' }).matches(':disabled')).toBe(true);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/teacher-application/');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(JSON.parse(String(init?.body))).toEqual({
      form_language: 'es',
      full_name: 'María García',
      email: 'maria@example.com',
      city_country: 'Bogotá, Colombia',
      native_languages: 'Español',
      experience_text: 'Locutora de radio durante cinco años.',
      camera_comfortable: true,
      accent_description: '',
      quiet_env: true,
      can_purchase_mic: null,
      willing_submit_sample: false,
      weekly_hours_choice: '10-20',
      desired_hourly_rate: '',
      topics_general: true,
      topics_18: false,
      topics_nsfw: true,
      why_catamaran: 'Me encanta contar historias.',
      fit_for_learners: '',
      expressive_reading: '',
      anything_else: '',
    });

    // The redirect is set once the answer arrives, so not before `answeredFrom` on the fake clock, which real
    // time moves on: on a busy machine finding the thank-you may take a while, and that time must not count.
    const answeredFrom = Date.now();
    await act(async () => release(Response.json(CREATED, { status: 201 })));
    const success = await screen.findByRole('status');
    expect(
      within(success).getByText('¡Solicitud enviada! Te contactaremos por correo electrónico.'),
    ).toBeDefined();
    // The next step is named, with the way to it.
    expect(
      within(success).getByText(
        'Siguiente paso: envíanos un video de muestra de 1 a 2 minutos en el que te veamos leer.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Enviar mi video de muestra' }).getAttribute('href')).toBe(
      '/submit-video?email=maria%40example.com',
    );
    expect(document.activeElement).toBe(success);
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();

    vi.setTimerTickMode('manual');
    // Just before the earliest moment the redirect could be due, the applicant is still here.
    act(() => vi.advanceTimersByTime(Math.max(0, answeredFrom + REDIRECT_AFTER_MS - 1 - Date.now())));
    expect(router.state.location.pathname).toBe('/apply');
    vi.setTimerTickMode('interval'); // time moves on with real time again, as the router's work needs
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_MS));
    expect(await screen.findByText('Dashboard page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('names the next step, and a signed-out applicant taken on to Sign In is told the application was received there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderApplySignedOut();
    await fillApplication(user, 'en');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    const success = await screen.findByRole('status');
    expect(within(success).getByText('Application submitted! We will contact you by email.')).toBeDefined();
    expect(
      within(success).getByText('Next step: send us a 1–2 minute sample video of yourself reading.'),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Send your sample video' }).getAttribute('href')).toBe(
      '/submit-video?email=maria%40example.com',
    );

    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_MS));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/signin');
    const note = screen.getByRole('region', { name: 'Your narrator application was received.' });
    expect(within(note).getByText(/Next step: send us a 1–2 minute sample video/)).toBeDefined();
    expect(within(note).getByRole('link', { name: 'Send your sample video' }).getAttribute('href')).toBe(
      '/submit-video?email=maria%40example.com',
    );
    // The spec's Sign In stays as it is, beside the note.
    expect(screen.getByRole('button', { name: 'Send Magic Link' })).toBeDefined();
  });

  it('does not take an applicant who has left the page on to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderApply();
    await fillApplication(user, 'en');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Application submitted! We will contact you by email.',
    );

    await user.click(screen.getByRole('link', { name: 'Catamaran' }));
    expect(await screen.findByText('Landing page')).toBeDefined();
    act(() => vi.advanceTimersByTime(REDIRECT_AFTER_MS * 2));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says the send failed, in the form’s language, and keeps every answer', async () => {
    const user = userEvent.setup();
    renderApply();
    await pickLanguage(user, 'Français (French)');
    await fillApplication(user, 'fr');
    const failure = 'L’envoi a échoué. Vérifiez les champs obligatoires et réessayez.';

    answer = () => Response.json({ error: 'Enter a valid email address.' }, { status: 400 });
    await user.click(screen.getByRole('button', { name: 'Envoyer ma candidature' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(failure);
    expect(document.activeElement).toBe(alert);
    expect(textbox('Prénom et nom').value).toBe('María García');
    expect(textbox('Prénom et nom').matches(':disabled')).toBe(false);
    expect(textbox('Pourquoi souhaitez-vous travailler avec Catamaran\u00a0?').value).toBe(
      'Me encanta contar historias.',
    );
    expect(
      (
        within(group('Êtes-vous à l’aise face à la caméra\u00a0?')).getByRole('radio', {
          name: 'Oui',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'NSFW\u00a0: contenu explicite' }) as HTMLInputElement).checked,
    ).toBe(true);

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Envoyer ma candidature' }));
    expect((await screen.findByRole('alert')).textContent).toBe(failure);

    // Switching language translates the failure too.
    await pickLanguage(user, 'English');
    expect(screen.getByRole('alert').textContent).toBe(
      'Submission failed. Please check required fields and try again.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says, when too many applications came from here, only that and how long to wait, in the form’s language', async () => {
    const user = userEvent.setup();
    renderApply();
    await pickLanguage(user, 'Français (French)');
    await fillApplication(user, 'fr');

    answer = () => tooMany('240');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma candidature' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Trop de tentatives en peu de temps\u00a0: réessayez dans 4\u00a0minutes.',
    );
    expect(alert.textContent).not.toMatch(/champs obligatoires/);
    expect(document.activeElement).toBe(alert);

    await pickLanguage(user, 'English');
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts in a short time: please try again in 4 minutes.',
    );
    await pickLanguage(user, 'Español (Spanish)');
    expect(screen.getByRole('alert').textContent).toBe(
      'Demasiados intentos en poco tiempo: vuelve a intentarlo dentro de 4 minutos.',
    );

    answer = () => tooMany('45');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Demasiados intentos en poco tiempo: vuelve a intentarlo dentro de 1 minuto.',
      ),
    );

    answer = () => tooMany();
    await pickLanguage(user, '中文 (Chinese)');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('短时间内尝试次数过多，请等待几分钟后再试。'),
    );
  });
});

describe('APPLY_STRINGS', () => {
  /** Every text of a language's set, by its path (labels.full_name, errors.required.email…). */
  function texts(value: unknown, path = ''): [string, unknown][] {
    if (typeof value === 'object' && value !== null) {
      return Object.entries(value).flatMap(([key, inner]) => texts(inner, path ? `${path}.${key}` : key));
    }
    return [[path, value]];
  }

  it('has every text, non-empty, in every form language', () => {
    const keys = texts(APPLY_STRINGS.en).map(([path]) => path);
    for (const language of FORM_LANGUAGES) {
      const entries = texts(APPLY_STRINGS[language]);
      expect(entries.map(([path]) => path)).toEqual(keys);
      for (const [path, text] of entries) {
        expect(typeof text === 'string' && text.trim() !== '', `${language} ${path}`).toBe(true);
      }
    }
  });

  it('keeps the spec’s English texts word for word', () => {
    expect(APPLY_STRINGS.en.submit).toBe('Submit Application');
    expect(APPLY_STRINGS.en.submitting).toBe('Submitting...');
    expect(APPLY_STRINGS.en.success).toBe('Application submitted! We will contact you by email.');
    expect(APPLY_STRINGS.en.failure).toBe('Submission failed. Please check required fields and try again.');
    expect(APPLY_STRINGS.en.labels.why_catamaran).toBe('Why do you want to work with Catamaran?');
  });
});
