// A signed-in screen drawn on the server at request time (docs/decisions/104): built for Node by
// scripts/prerender-landing.mjs into dist/web-pages/, loaded by the server's page route
// (server/http/page-render.ts), which hands in the path and a transport that asks the API itself with the
// session's token. The screen's first answers are fetched through the same endpoint declarations, query keys and
// response schemas the page's own calls use, the app's tree is rendered with them in a query cache of the
// request's own, and the cache goes with the markup for hydration (web/main.tsx).
import { dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { type Endpoint, pathOf } from '#common/contract.ts';
import { checkPermission } from '#common/endpoints/admin.ts';
import { listLanguages } from '#common/endpoints/languages.ts';
import { listStories } from '#common/endpoints/library.ts';
import { listLanguageProgress } from '#common/endpoints/progress.ts';
import { getChapter, getReaderSettings } from '#common/endpoints/reader.ts';
import type { UserIdentity } from '#common/identity.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { AppFrame } from './App.tsx';
import { DEFAULT_FILTERS, storyListInput, storyListQuery } from './features/dashboard/filters.ts';
import { queryString } from './lib/call.ts';
import { type PageState, tokenClaims, tokenTail } from './lib/pageSession.ts';
import { createQueryClient, RequestQueryClient } from './lib/query.tsx';
import { queryKeys } from './lib/queryKeys.ts';
import { loadScreen } from './router.tsx';

export { PAGE_SESSION_COOKIE, PAGE_STATE_ID, tokenExpiry } from './lib/pageSession.ts';

/** Asks the API for an address (GET, with the session's token) and gives its JSON; throws on any refusal. */
export type PageTransport = (address: string) => Promise<unknown>;

/** What the server sends: the markup of #root and the state the page hydrates from. */
export interface DrawnPage {
  markup: string;
  state: PageState;
}

/** One answer of the screen's first data: the query it fills, from the endpoint the page's own call asks. */
async function fetchInto(
  client: QueryClient,
  transport: PageTransport,
  key: QueryKey,
  contract: Endpoint,
  input: { params?: Record<string, number | string>; query?: Record<string, unknown> } = {},
): Promise<unknown> {
  const reply = await transport(`${pathOf(contract.path, input.params)}${queryString(input.query)}`);
  const answer = typeof contract.response === 'object' ? contract.response.parse(reply) : reply;
  client.setQueryData(key, answer);
  return answer;
}

/** The library's first data: what its header and story list show; the daily goal (the visitor's day) comes later. */
async function libraryData(client: QueryClient, transport: PageTransport): Promise<string | null> {
  const [, progress] = await Promise.all([
    fetchInto(client, transport, queryKeys.languages(), listLanguages),
    fetchInto(client, transport, queryKeys.languageProgress(), listLanguageProgress),
    fetchInto(client, transport, queryKeys.readerSettings(), getReaderSettings),
    fetchInto(client, transport, queryKeys.adminPermission(), checkPermission),
  ]);
  const language = (progress as { language: { code: string } }[])[0]?.language.code;
  if (language === undefined) return null;
  await fetchInto(
    client,
    transport,
    queryKeys.storyList(storyListQuery(language, DEFAULT_FILTERS, '')),
    listStories,
    {
      query: { ...storyListInput(language, DEFAULT_FILTERS, '') },
    },
  );
  return language;
}

/** The reader's first data: the chapter and how the learner reads. */
async function readerData(client: QueryClient, transport: PageTransport, chapterId: number): Promise<void> {
  await Promise.all([
    fetchInto(client, transport, queryKeys.chapter(chapterId), getChapter, { params: { id: chapterId } }),
    fetchInto(client, transport, queryKeys.readerSettings(), getReaderSettings),
  ]);
}

/** Whether the screen at `path` is one drawn on the server (the library, a chapter in the reader). */
export function drawsPath(path: string): boolean {
  return path === CLIENT_ROUTES.dashboard || /^\/read\/\d+\/\d+$/.test(path);
}

/** The screens drawn on the server, and the first data each is drawn from; undefined for any other path. */
async function screenData(
  path: string,
  client: QueryClient,
  transport: PageTransport,
): Promise<{ language?: string | null } | undefined> {
  if (path === CLIENT_ROUTES.dashboard) return { language: await libraryData(client, transport) };
  const reader = matchPath(CLIENT_ROUTES.reader, path);
  const chapterId = Number(reader?.params.chapterId);
  if (
    reader &&
    Number.isSafeInteger(chapterId) &&
    chapterId > 0 &&
    /^\d+$/.test(reader.params.storyId ?? '')
  ) {
    await readerData(client, transport, chapterId);
    return {};
  }
  return undefined;
}

/** The claims a verified token carries that the screens may show (the address, the names). */
function userOf(token: string): UserIdentity {
  const claims = tokenClaims(token);
  const email = claims?.email;
  const metadata = claims?.user_metadata;
  return {
    email: typeof email === 'string' ? email : null,
    user_metadata:
      metadata !== null && typeof metadata === 'object' ? (metadata as UserIdentity['user_metadata']) : null,
  };
}

/**
 * Draws the screen at `path` for the session of `token` (already accepted by the API: the transport's answers
 * say so), or answers undefined when the path is not one drawn here. Throws when an answer is refused or the
 * render fails: the caller then sends the plain shell.
 */
export async function renderPage(
  path: string,
  token: string,
  transport: PageTransport,
): Promise<DrawnPage | undefined> {
  const client = createQueryClient();
  const [data] = await Promise.all([screenData(path, client, transport), loadScreen(path)]);
  if (!data) return undefined;
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RequestQueryClient.Provider value={client}>
        <AppFrame
          router={Router}
          session={{ status: 'signed_in', user: userOf(token), accessToken: token }}
        />
      </RequestQueryClient.Provider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const state: PageState = {
    path,
    tokenTail: tokenTail(token),
    ...(data.language === undefined ? {} : { language: data.language }),
    queries: dehydrate(client),
  };
  client.clear();
  return { markup: Buffer.concat(chunks).toString('utf8'), state };
}
