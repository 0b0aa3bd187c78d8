// drizzle-orm 0.45's NodePgSession.transaction sends BEGIN before its `try`: a BEGIN that fails (the database
// killed as a job starts a transaction) never gives its client back. The pool then keeps it checked out for
// ever, one connection fewer each time, and a graceful stop waits on pool.end() until its timeout (seen in CI:
// e2e/server-process.spec.ts's killed PostgreSQL, then SIGTERM, exit 1 after 15 s). Here the same method, with
// BEGIN inside, a failed rollback not hiding the error that caused it, and a client whose transaction could not
// end cleanly destroyed rather than given to the next caller. Imported for its effect by client.ts.
import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

type Run = (tx: unknown) => Promise<unknown>;
type Config = PgTransactionConfig;
/** The transaction's own words for its isolation and access mode (protected in drizzle's types). */
type Configurable = { getTransactionConfigSQL(config: Config): SQL };
interface SessionParts {
  client: pg.Pool | pg.PoolClient;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}
type TransactionMethod = (this: SessionParts, run: Run, config?: Config) => Promise<unknown>;

const prototype = NodePgSession.prototype as unknown as { transaction: TransactionMethod };
const original = prototype.transaction;

prototype.transaction = async function transaction(this: SessionParts, run: Run, config?: Config) {
  // On a client already (a session made for a transaction), drizzle's own path: it ends nothing of the pool's.
  if (!(this.client instanceof pg.Pool)) return original.call(this, run, config);
  const client = await this.client.connect();
  const session = new NodePgSession(client, this.dialect, this.schema, this.options);
  const tx = new NodePgTransaction(this.dialect, session, this.schema);
  let broken = false;
  try {
    const mode = config && (tx as unknown as Configurable).getTransactionConfigSQL(config);
    await tx.execute(sql`begin${mode ? sql` ${mode}` : undefined}`);
    try {
      const result = await run(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      await tx.execute(sql`rollback`).catch(() => {
        broken = true;
      });
      throw error;
    }
  } catch (error) {
    // A BEGIN or a COMMIT that failed leaves the connection in a state nobody knows.
    if (!broken) broken = !(await endsCleanly(client));
    throw error;
  } finally {
    client.release(broken);
  }
};

/** Whether the connection still answers, outside any transaction (a ROLLBACK there is a harmless warning). */
async function endsCleanly(client: pg.PoolClient): Promise<boolean> {
  try {
    await client.query('ROLLBACK');
    return true;
  } catch {
    return false;
  }
}
