import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, urlForLog } from './logger.ts';

function capture() {
  const lines: string[] = [];
  return { lines, log: createLogger({ logLevel: 'info' }, { write: (line) => lines.push(line) }) };
}

describe('personal data in the log', () => {
  it('keeps a query string’s names but not its values', () => {
    expect(urlForLog('/api/words/?language=es&email=ana@example.com')).toBe('/api/words/?language=*&email=*');
    expect(urlForLog('/api/stories/')).toBe('/api/stories/');
  });

  it('leaves out the parameters of a failed query and the row the database quotes', () => {
    const cause = Object.assign(new Error('new row violates check constraint "feedback_short"'), {
      code: '23514',
      detail: 'Failing row contains (1, ana@example.com, my secret feedback).',
    });
    const error = new DrizzleQueryError(
      'insert into "feedback" ("email", "text") values ($1, $2)',
      ['ana@example.com', 'my secret\nfeedback'],
      cause,
    );
    const { lines, log } = capture();
    log.error({ err: error }, 'request failed');

    const line = lines.join('');
    expect(line).not.toContain('ana@example.com');
    expect(line).not.toContain('secret');
    expect(line).toContain('insert into \\"feedback\\"');
  });

  it('masks an address in any error message, and redacts bodies and address fields', () => {
    const { lines, log } = capture();
    log.warn({ err: new Error('no mail to bob@example.org'), body: { a: 1 }, email: 'c@d.io' }, 'x');
    expect(lines.join('')).not.toMatch(/bob@example\.org|c@d\.io|"a":1/);
  });
});
