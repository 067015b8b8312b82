import { describe, expect, it } from 'vitest';
import { toErrorAnswer } from '../src/plugins/errors.js';

// A database that is down or restarting is 503 "try again", never 500 (issue 22's PostgreSQL fault;
// the cluster test tooling/test/cluster-faults.test.ts shows it end to end).
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('errors of an unavailable database', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006', 'connection failure')],
    ['a connection cut', new Error('Connection terminated unexpectedly')],
    ['no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
  ])('answers 503 for %s', (_, error) => {
    expect(toErrorAnswer(error)).toMatchObject({ status: 503, body: { error: 'ServiceUnavailable' } });
  });

  it.each([
    ['a bug', new TypeError('x is undefined')],
    ['a constraint the code should have checked', withCode('23505', 'duplicate key value violates unique constraint')],
  ])('still answers 500 for %s', (_, error) => {
    expect(toErrorAnswer(error).status).toBe(500);
  });
});
