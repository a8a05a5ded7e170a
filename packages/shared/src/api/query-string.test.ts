import { describe, expect, test } from 'vitest';
import { encodeQuery } from './query-string';

describe('encodeQuery', () => {
  test('keeps key order and drops absent values', () => {
    expect(encodeQuery({ limit: 20, offset: 0, search: undefined, user: null, favorite: false })).toBe(
      'limit=20&offset=0&favorite=false',
    );
  });

  test('repeats a name once per array value', () => {
    expect(encodeQuery({ type: ['text', 'file'] })).toBe('type=text&type=file');
  });

  test('encodes as a form does, and nothing at all is an empty string', () => {
    expect(encodeQuery({ desktopId: 'tok/1', search: 'a b' })).toBe('desktopId=tok%2F1&search=a+b');
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
  });
});
