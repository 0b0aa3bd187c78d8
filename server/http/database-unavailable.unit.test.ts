import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, outageReporter } from './database-unavailable.ts';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a connection cut under a query', new Error('Connection terminated unexpectedly')],
    ['a connection cut while connecting', new Error('Connection terminated due to connection timeout')],
    ['a full pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client broken by an earlier error',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'an administrator shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server starting or stopping (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['a connection refused by the server (08004)', withCode('08004')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through the errors Drizzle and a failed multi-address connect wrap', () => {
    const drizzle = new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') });
    const aggregate = Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), { code: undefined });

    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: aggregate }))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601')],
    ['a statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['a serialization failure', withCode('40001')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a timeout of another service', withCode('ETIMEDOUT')],
    ['a Drizzle error around a real query error', new Error('Failed query', { cause: withCode('23503') })],
    ['something that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.assign(first, { cause: second });

    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});

describe('outageReporter', () => {
  it('logs once per interval, with the calls left unlogged in between', () => {
    let time = 1_000;
    const lines: object[] = [];
    const log = { warn: (details: object) => lines.push(details) };
    const report = outageReporter(30_000, () => time);
    const error = new Error('Failed query', { cause: withCode('ECONNREFUSED', 'connect ECONNREFUSED') });

    report(log, error);
    time += 1_000;
    report(log, error);
    report(log, error);
    time += 30_000;
    report(log, error);

    expect(lines).toEqual([
      { cause: 'connect ECONNREFUSED', failedCallsSinceLastLine: 0 },
      { cause: 'connect ECONNREFUSED', failedCallsSinceLastLine: 2 },
    ]);
  });
});
