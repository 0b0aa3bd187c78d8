// A signed-in screen drawn on the server at request time (docs/decisions/104): built for Node by
// scripts/prerender-landing.mjs into dist/web-pages/, loaded by the server's page route
// (server/http/page-render.ts), which hands in the path and a transport that asks the API itself with the
// session's token. The screen's first answers are fetched through the same endpoint declarations, query keys and
// response schemas the page's own calls use, the app's tree is rendered with them in a query cache of the
// request's own, and the cache goes with the markup for hydration (web/main.tsx).
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type Endpoint, pathOf, type ResponseOf } from '#common/contract.ts';
import { getDailyGoal } from '#common/endpoints/activity.ts';
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

export { PAGE_SESSION_COOKIE, PAGE_STATE_ID, PAGE_ZONE_COOKIE, tokenExpiry } from './lib/pageSession.ts';

/** Asks the API for an address (GET, with the session's token) and gives its JSON; throws on any refusal. */
export type PageTransport = (address: string) => Promise<unknown>;

/** What the server sends: the markup of #root and the state the page hydrates from. */
export interface DrawnPage {
  markup: string;
  state: PageState;
}

/** One answer of the screen's first data, from the endpoint the page's own call asks, read by its schema. */
async function ask<E extends Endpoint>(
  transport: PageTransport,
  contract: E,
  input: { params?: Record<string, number | string>; query?: Record<string, unknown> } = {},
): Promise<ResponseOf<E>> {
  const reply = await transport(`${pathOf(contract.path, input.params)}${queryString(input.query)}`);
  return (typeof contract.response === 'object' ? contract.response.parse(reply) : reply) as ResponseOf<E>;
}

/**
 * The library's first data, in the queries its screen reads: the header's, the settings' and the story list of the
 * learner's first language, and that language's daily goal when the learner's time zone is known (the transport
 * then sends it as the page's calls do; decision 117). Without it the daily goal is asked by the page.
 */
async function libraryData(
  client: QueryClient,
  transport: PageTransport,
  timeZone: string | undefined,
): Promise<string | null> {
  const [languages, progress, settings, permission] = await Promise.all([
    ask(transport, listLanguages),
    ask(transport, listLanguageProgress),
    ask(transport, getReaderSettings),
    ask(transport, checkPermission),
  ]);
  client.setQueryData(queryKeys.languages(), languages);
  client.setQueryData(queryKeys.languageProgress(), progress);
  client.setQueryData(queryKeys.readerSettings(), settings);
  client.setQueryData(queryKeys.adminPermission(), permission);
  const language = progress[0]?.language.code;
  if (language === undefined) return null;
  const query = storyListQuery(language, DEFAULT_FILTERS, '');
  const [stories, goal] = await Promise.all([
    ask(transport, listStories, { query: { ...storyListInput(language, DEFAULT_FILTERS, '') } }),
    timeZone === undefined ? undefined : ask(transport, getDailyGoal, { query: { language } }),
  ]);
  client.setQueryData(queryKeys.storyList(query), stories);
  if (goal !== undefined) client.setQueryData(queryKeys.dailyGoal(language), goal);
  return language;
}

/** The reader's first data: the chapter and how the learner reads. */
async function readerData(client: QueryClient, transport: PageTransport, chapterId: number): Promise<void> {
  const [chapter, settings] = await Promise.all([
    ask(transport, getChapter, { params: { id: chapterId } }),
    ask(transport, getReaderSettings),
  ]);
  client.setQueryData(queryKeys.chapter(chapterId), chapter);
  client.setQueryData(queryKeys.readerSettings(), settings);
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
  timeZone: string | undefined,
): Promise<{ language?: string | null } | undefined> {
  if (!drawsPath(path)) return undefined;
  if (path === CLIENT_ROUTES.dashboard) return { language: await libraryData(client, transport, timeZone) };
  await readerData(client, transport, Number(path.split('/')[3]));
  return {};
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
 * render fails: the caller then sends the plain shell. `timeZone` is the learner's, from their zone cookie, when
 * it names one that exists: the transport sends it, and the screen's "today" is drawn with it.
 */
export async function renderPage(
  path: string,
  token: string,
  transport: PageTransport,
  timeZone?: string,
): Promise<DrawnPage | undefined> {
  const client = createQueryClient();
  const [data] = await Promise.all([screenData(path, client, transport, timeZone), loadScreen(path)]);
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
