import { GoTrueClient } from '@supabase/auth-js';
import type { FastifyInstance } from 'fastify';

/** Starts the app listening on a free loopback port; answers its /auth/v1 URL. */
export async function listenForAuth(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/auth/v1`;
}

/** The official browser client, unchanged, keeping its session in memory and never refreshing by itself. */
export function authClient(url: string, flowType: 'implicit' | 'pkce' = 'implicit'): GoTrueClient {
  const memory = new Map<string, string>();
  return new GoTrueClient({
    url,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType,
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    },
  });
}
