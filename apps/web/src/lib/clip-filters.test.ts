import { encodeQuery } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { hasActiveFilters, NO_FILTERS, pageCount, toHistoryQuery } from './clip-filters';

describe('toHistoryQuery', () => {
  test('no filters sends only the page', () => {
    expect(encodeQuery(toHistoryQuery(NO_FILTERS, { limit: 20, offset: 40 }))).toBe('limit=20&offset=40');
  });

  test('every active filter goes to the server, search trimmed', () => {
    const query = encodeQuery(
      toHistoryQuery(
        { search: '  report ', type: 'file', favorite: false, dateRange: 'week' },
        { limit: 50, offset: 0 },
      ),
    );
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      limit: '50',
      offset: '0',
      search: 'report',
      type: 'file',
      favorite: 'false',
      range: 'week',
    });
  });
});

test('hasActiveFilters ignores blank search', () => {
  expect(hasActiveFilters({ ...NO_FILTERS, search: '   ' })).toBe(false);
  expect(hasActiveFilters({ ...NO_FILTERS, favorite: true })).toBe(true);
});

test('pageCount is at least one', () => {
  expect(pageCount(0, 20)).toBe(1);
  expect(pageCount(20, 20)).toBe(1);
  expect(pageCount(21, 20)).toBe(2);
});
