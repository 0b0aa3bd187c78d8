import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

type Callback = (error: Error | null, state?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so a limit holds across every app
 * server of a deployment. One upsert per request: a fixed window per key, reset when it has passed.
 */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    // The plugin constructs the store with its settings; children get a per-route prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const id = `${this.prefix}${key}`;
      db.execute<{ current: number; ttl: number }>(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now()
            THEN now() + ${timeWindow} * interval '1 millisecond' ELSE rate_limits.reset_at END
        RETURNING count AS current, greatest(0, extract(epoch FROM reset_at - now()) * 1000)::int AS ttl`)
        .then(({ rows }) => {
          const [state] = rows;
          if (!state) throw new Error('the rate-limit upsert returned no row');
          callback(null, { current: Number(state.current), ttl: Number(state.ttl) });
          // Now and then, forget windows that ended long ago.
          if (Math.random() < 0.01) {
            db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`).catch(
              () => undefined,
            );
          }
        })
        .catch((error: Error) => callback(error));
    }

    // Each limited route counts on its own: the plugin passes the route as `routeInfo`.
    child(routeOptions: unknown) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PostgresRateLimitStore(
        `${this.prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`,
      );
    }
  };
}

/**
 * The network a client's address stands for, as rate limits count it: an IPv4 address itself, an IPv6
 * address's /64 (one household or server is given a whole /64, so counting single addresses would let one
 * client use millions). An IPv4 address written as IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::', 2);
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = ip.includes('::')
    ? [
        ...headGroups,
        ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
