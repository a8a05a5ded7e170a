import { describe, expect, test } from 'vitest';
import { readConfirmationUrl } from './confirmation-state';

describe('readConfirmationUrl', () => {
  test.each([
    ['error=access_denied&error_description=Email+link+is+invalid+or+has+expired', { kind: 'expired' }],
    ['error=access_denied&error_description=Nope', { kind: 'error', description: 'Nope' }],
    ['error=invalid_request', { kind: 'error', description: null }],
    ['token=abc', { kind: 'check', token: 'abc' }],
    ['', { kind: 'missing' }],
  ])('%s', (query, expected) => {
    expect(readConfirmationUrl(new URLSearchParams(query))).toEqual(expected);
  });
});
