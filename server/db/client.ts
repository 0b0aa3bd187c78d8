import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import './transaction.ts';

export type Database = NodePgDatabase<typeof schema>;

/** The query builder inside `db.transaction(…)`: what a multi-step write is given. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
}

/** Opens a connection pool and the typed query builder over it. */
export function openDatabase(
  url: string,
  options: { max: number; onIdleError: (error: Error) => void },
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'catamaran',
  });
  // A connection dropped while idle (a restart, a failover) must not take the process down.
  pool.on('error', options.onIdleError);
  // Nor one dropped while checked out between two statements (a transaction doing work between its queries,
  // a long job): pg-pool listens only to idle clients, and a client's unheard 'error' is an uncaught exception.
  // The next query on it fails, and its caller answers 503 or retries as for any lost connection.
  pool.on('connect', (client) => client.on('error', options.onIdleError));
  return { db: drizzle(pool, { schema }), pool };
}
