import type { FastifyInstance } from 'fastify';
import * as languages from '#common/endpoints/languages.ts';
import { route } from '#server/http/contract.ts';
import { ACTIVE_LANGUAGES_POLL_MS, ActiveLanguageList } from './active-list.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The languages learners may choose, kept in memory; the admin routes make it forget an edited list. */
    activeLanguages: ActiveLanguageList;
  }
}

export interface LanguageRoutesOptions {
  /** How often the list is read again (ACTIVE_LANGUAGES_POLL_MS); tests shorten it. */
  pollMs?: number;
  onError: (error: unknown) => void;
}

/**
 * Decorates the scope with the list in memory, read before the server takes its first request and every poll
 * after; registered on the /api scope so that the admin scope inside it sees the same list.
 */
export function keepActiveLanguages(api: FastifyInstance, options: LanguageRoutesOptions): void {
  const list = ActiveLanguageList.of(api.db);
  api.decorate('activeLanguages', list);
  let following: { stop: () => Promise<void> } | undefined;
  api.addHook('onReady', async () => {
    // A database that does not answer yet leaves the list to the first request, which answers 503 meanwhile.
    await list.read().catch(options.onError);
    following = list.follow(options.pollMs ?? ACTIVE_LANGUAGES_POLL_MS, options.onError);
  });
  api.addHook('onClose', async () => {
    await following?.stop();
  });
}

/** Public language calls: no token needed. */
export async function languageRoutes(app: FastifyInstance): Promise<void> {
  route(app, languages.listLanguages, (_input, _request, reply) => {
    // Languages change rarely; a short shared cache spares the servers without hiding an edit for long.
    reply.header('Cache-Control', 'public, max-age=60');
    return app.activeLanguages.json();
  });
}
