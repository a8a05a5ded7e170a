import { expect, test } from 'vitest';
import { NO_ROOM_FILTERS } from '../../../lib/room-filters';
import { roomListParams } from './room-list-params';

test('the rooms list keeps its URL: every filter under its key, in order, then the page', () => {
  const state = {
    filters: { search: 'team', privacy: 'private', size: 'small', sort: 'name', order: 'asc' },
    page: 2,
  } as const;
  const query = roomListParams.write(state).toString();
  expect(query).toBe('q=team&privacy=private&size=small&sort=name&order=asc&page=2');
  expect(roomListParams.read(new URLSearchParams(query))).toEqual(state);
  expect(roomListParams.write({ filters: NO_ROOM_FILTERS, page: 1 }).toString()).toBe('');
  expect(roomListParams.read(new URLSearchParams('privacy=secret&size=huge')).filters).toEqual(NO_ROOM_FILTERS);
});
