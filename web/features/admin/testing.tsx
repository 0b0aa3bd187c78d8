import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { checkPermission } from '#common/endpoints/admin.ts';
import type { AdminLanguage } from '#common/schemas/languages.ts';
import type { AdminChapter, AdminStory } from '#common/schemas/stories.ts';
import { FakeAuthClient, fakeSession } from '#web/features/auth/fake-auth-client.ts';
import { RequireSession } from '#web/features/auth/RequireSession.tsx';
import { SessionProvider } from '#web/features/auth/session.tsx';
import { createQueryClient } from '#web/lib/query.tsx';

// Test-only helpers for the admin screens: a fake API keyed by "METHOD path", and a render with the app's
// providers. Imported by tests only, so it never reaches a bundle.

export type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** The fake API: tests set `routes`; every call is recorded in `calls`. */
export const fakeApi = {
  routes: {} as Record<string, Handler>,
  calls: [] as { key: string; init: RequestInit | undefined }[],
  /** The JSON bodies sent to one route, in order. */
  bodiesOf(key: string): unknown[] {
    return this.calls.filter((call) => call.key === key).map((call) => JSON.parse(String(call.init?.body)));
  },
  countOf(key: string): number {
    return this.calls.filter((call) => call.key === key).length;
  },
};

export const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = `${init?.method ?? 'GET'} ${String(input)}`;
  fakeApi.calls.push({ key, init });
  const handler = fakeApi.routes[key];
  return handler ? handler(init) : Response.json({ error: `No fake for ${key}` }, { status: 404 });
});

/** Installs the fake API with an admin's permission answer; call in beforeEach. */
export function installFakeApi(routes: Record<string, Handler> = {}): void {
  fakeApi.calls.length = 0;
  const permission = `${checkPermission.method} ${checkPermission.path}`;
  fakeApi.routes = { [permission]: () => Response.json({ is_admin: true }), ...routes };
  vi.stubGlobal('fetch', fetchMock);
  // jsdom lacks the pointer-capture and scrolling calls Radix Select makes while open.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // jsdom lacks ResizeObserver, which a Radix Switch inside a form measures itself with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** A response that arrives when the test says so. */
export function pending(): { handler: Handler; answer: (response: Response) => void } {
  let answer: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => (answer = done));
  return { handler: () => promise, answer: (response) => answer(response) };
}

/** Renders `element` at `path` for a signed-in person, with the query cache and the routes the admin uses. */
export function renderScreen(element: ReactNode, path = '/admin') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
      { path: '/admin/story/:storyId', element: <p>Story editor page</p> },
      {
        path: '/admin',
        element: <RequireSession loadingText="Checking permissions...">{element}</RequireSession>,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider client={new FakeAuthClient(fakeSession('admin@example.com'))}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { router };
}

export const SPANISH: AdminLanguage = {
  id: 2,
  code: 'es',
  name: 'Spanish',
  native_name: 'Español',
  is_active: true,
};
export const FRENCH: AdminLanguage = {
  id: 3,
  code: 'fr',
  name: 'French',
  native_name: 'Français',
  is_active: false,
};

export function story(overrides: Partial<AdminStory> = {}): AdminStory {
  return {
    id: 7,
    title: 'El faro',
    author: 'Ana Lima',
    description: 'A lighthouse keeper.',
    language: { id: 2, code: 'es', name: 'Spanish' },
    difficulty_level: 'child',
    estimated_word_count: 120,
    length_category: 'very_short',
    topics: 'sea',
    is_published: true,
    is_free: true,
    is_adult_content: false,
    cover_image_url: null,
    chapter_count: 2,
    ...overrides,
  };
}

export function chapter(overrides: Partial<AdminChapter> = {}): AdminChapter {
  return {
    id: 31,
    story: 7,
    chapter_number: 1,
    title: 'La noche',
    content: 'Era una noche oscura.',
    word_count: 4,
    order_index: 0,
    audio_url: null,
    audio_duration_seconds: null,
    generation_prompt: null,
    ...overrides,
  };
}
