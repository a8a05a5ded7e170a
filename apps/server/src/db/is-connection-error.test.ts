import { describe, expect, test } from 'vitest';
import { isDatabaseConnectionError } from './is-connection-error';

describe('isDatabaseConnectionError', () => {
  test.each([
    ['refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['admin shutdown (server restart)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['connection failure class 08', Object.assign(new Error('x'), { code: '08006' })],
    ['wrapped by the ORM', new Error('Failed query', { cause: Object.assign(new Error('y'), { code: '57P03' }) })],
    ['terminated client', new Error('Connection terminated unexpectedly')],
    ['the embedded database closed', new Error('PGlite is closed')],
    ['the embedded database’s worker died', new Error("PGlite's worker stopped (exit code 1)")],
  ])('%s is a connection error', (_name, error) => {
    expect(isDatabaseConnectionError(error)).toBe(true);
  });

  test.each([
    ['unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['syntax error', Object.assign(new Error('syntax'), { code: '42601' })],
    ['plain error', new Error('boom')],
    ['not an error', 'text'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseConnectionError(error)).toBe(false);
  });
});
