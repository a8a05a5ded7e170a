import { expect, test } from 'vitest';
import { NO_FILTERS } from './clip-filters';
import { clipListParams } from './clip-list-params';

test('an empty query is no filters on page 1, and those defaults write nothing', () => {
  expect(clipListParams.read(new URLSearchParams())).toEqual({ filters: NO_FILTERS, page: 1 });
  expect(clipListParams.write({ filters: NO_FILTERS, page: 1 }).toString()).toBe('');
});

test('filters and page round-trip through the query', () => {
  const state = {
    filters: { search: 'tax 2026', type: 'file', favorite: true, dateRange: 'week' },
    page: 2,
  } as const;
  const query = clipListParams.write(state).toString();
  expect(query).toBe('q=tax+2026&type=file&favorite=true&range=week&page=2');
  expect(clipListParams.read(new URLSearchParams(query))).toEqual(state);
  expect(clipListParams.read(new URLSearchParams('favorite=false')).filters.favorite).toBe(false);
});

test('unknown values read as the defaults', () => {
  const read = clipListParams.read(new URLSearchParams('type=video&favorite=maybe&range=year&page=-3'));
  expect(read).toEqual({ filters: NO_FILTERS, page: 1 });
  expect(clipListParams.read(new URLSearchParams('page=2.5')).page).toBe(1);
});
