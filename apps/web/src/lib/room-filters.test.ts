import { encodeQuery } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import {
  countActiveRoomFilters,
  hasActiveContentFilters,
  NO_CONTENT_FILTERS,
  NO_ROOM_FILTERS,
  toRoomContentQuery,
  toRoomListQuery,
} from './room-filters';

describe('room filters', () => {
  test('the list query always carries the sort, and only the filters that narrow', () => {
    expect(encodeQuery(toRoomListQuery(NO_ROOM_FILTERS, { limit: 50, offset: 0 }))).toBe(
      'sort=updated_at&order=desc&limit=50&offset=0',
    );
    expect(
      encodeQuery(
        toRoomListQuery(
          { search: '  team ', privacy: 'private', size: 'large', sort: 'member_count', order: 'asc' },
          { limit: 50, offset: 50 },
        ),
      ),
    ).toBe('sort=member_count&order=asc&limit=50&offset=50&search=team&privacy=private&size=large');
  });

  test('the badge counts search, privacy and size, not the sort', () => {
    expect(countActiveRoomFilters(NO_ROOM_FILTERS)).toBe(0);
    expect(countActiveRoomFilters({ ...NO_ROOM_FILTERS, sort: 'name', order: 'asc' })).toBe(0);
    expect(countActiveRoomFilters({ ...NO_ROOM_FILTERS, search: 'x', privacy: 'public', size: 'small' })).toBe(3);
    expect(countActiveRoomFilters({ ...NO_ROOM_FILTERS, search: '   ' })).toBe(0);
  });

  test('the content query sends the viewer’s offset from UTC for the date ranges', () => {
    expect(encodeQuery(toRoomContentQuery(NO_CONTENT_FILTERS, { limit: 20, offset: 0 }, 0))).toBe(
      'sort=date&order=desc&limit=20&offset=0',
    );
    expect(
      encodeQuery(
        toRoomContentQuery(
          { search: 'a.png', type: 'file', user: 'u1', range: 'today', sort: 'user', order: 'asc' },
          { limit: 20, offset: 20 },
          -60,
        ),
      ),
    ).toBe('sort=user&order=asc&limit=20&offset=20&search=a.png&type=file&user=u1&range=today&tzOffset=-60');
    expect(hasActiveContentFilters(NO_CONTENT_FILTERS)).toBe(false);
    expect(hasActiveContentFilters({ ...NO_CONTENT_FILTERS, user: 'u1' })).toBe(true);
  });
});
