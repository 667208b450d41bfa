import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/server/db/unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('telling a database that cannot be reached from a query that went wrong', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a reset connection, inside a failed query',
      failedQuery(withCode('read ECONNRESET', 'ECONNRESET')),
    ],
    [
      'a connection dropped mid-query',
      failedQuery(new Error('Connection terminated unexpectedly')),
    ],
    ['no connection within the connect timeout', failedQuery(new Error('timeout expired'))],
    ['a query left unanswered', failedQuery(new Error('Query read timeout'))],
    ['the database shutting down', failedQuery(withCode('terminating connection', '57P01'))],
    ['a connection failure code', withCode('connection failure', '08006')],
    [
      'a failure wrapped twice, as Better Auth does',
      new Error('Failed to get session', {
        cause: failedQuery(new Error('Connection terminated')),
      }),
    ],
  ])('counts %s as the database being unavailable', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', failedQuery(withCode('duplicate key value', '23505'))],
    ['a syntax error', failedQuery(withCode('syntax error at or near "selec"', '42601'))],
    ['a check violation', failedQuery(withCode('violates check constraint', '23514'))],
    [
      'a plain programming error',
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('does not count %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
