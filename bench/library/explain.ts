// The story list's one statement as the app runs it (a named statement, so a generic plan once planned a few
// times), explained with its buffers for the bench's learner: BENCH_EXPLAIN=1 npm run bench:library prints it
// at every size, to see whether PostgreSQL's part grows with the library.
import type pg from 'pg';
import { KNOWN_BY_STORY_VALUES } from '../../server/library/known.ts';
import { LIBRARY_STATE_SQL } from '../../server/library/service.ts';

/** EXPLAIN (ANALYZE, BUFFERS) of the list's statement for `userId` in Spanish, without a search, as text. */
export async function explainLibraryState(pool: pg.Pool, userId: string): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE library_state_explained AS ${LIBRARY_STATE_SQL}`);
    // One asking row: Spanish, the learner, no search words, no known counts held.
    const values = [
      '{es}',
      `{${userId}}`,
      '{"[]"}',
      ...KNOWN_BY_STORY_VALUES,
      '{NULL}',
      '{NULL}',
      '{NULL}',
    ].map((value) => client.escapeLiteral(String(value)));
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE library_state_explained(${values.join(', ')})`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('DEALLOCATE ALL').catch(() => undefined);
    await client.query('RESET plan_cache_mode').catch(() => undefined);
    client.release();
  }
}
