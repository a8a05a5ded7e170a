import { describe, expect, test } from 'vitest';
import { booleanParam, choiceParam, listParamsCodec, textParam } from './list-params';

interface Filters {
  search: string;
  kind: 'all' | 'text' | 'file';
  starred: boolean | null;
  hidden: 'no' | 'yes';
}
const DEFAULTS: Filters = { search: '', kind: 'all', starred: null, hidden: 'no' };
const codec = listParamsCodec<Filters>(DEFAULTS, {
  search: textParam('q'),
  kind: choiceParam('kind', ['text', 'file']),
  starred: booleanParam('starred'),
});
const read = (query: string) => codec.read(new URLSearchParams(query));

describe('listParamsCodec', () => {
  test('an empty query reads as the defaults on page 1, and the defaults write an empty query', () => {
    expect(read('')).toEqual({ filters: DEFAULTS, page: 1 });
    expect(codec.write({ filters: DEFAULTS, page: 1 }).toString()).toBe('');
  });

  test('writes what differs from the defaults in the order the params are listed, then the page', () => {
    const state = { filters: { search: 'tax 2026', kind: 'file', starred: false, hidden: 'no' }, page: 3 } as const;
    const query = codec.write(state).toString();
    expect(query).toBe('q=tax+2026&kind=file&starred=false&page=3');
    expect(read(query)).toEqual(state);
  });

  test('unknown values, a bad page and a filter with no param read as the defaults', () => {
    expect(read('kind=video&starred=maybe&hidden=yes&page=-3')).toEqual({ filters: DEFAULTS, page: 1 });
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=1').page).toBe(1);
    expect(read('starred=true').filters.starred).toBe(true);
  });

  test('a filter with no param is never written', () => {
    expect(codec.write({ filters: { ...DEFAULTS, hidden: 'yes' }, page: 1 }).toString()).toBe('');
  });

  test('an empty search is the default and stays out of the URL', () => {
    expect(read('q=').filters.search).toBe('');
    expect(codec.write({ filters: { ...DEFAULTS, search: '' }, page: 2 }).toString()).toBe('page=2');
  });
});
