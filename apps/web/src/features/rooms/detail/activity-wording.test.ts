import type { RoomActivityEntry } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { describeActivity } from './activity-wording';

const entry = (type: string, details: unknown = {}) =>
  ({ type, details: typeof details === 'string' ? details : JSON.stringify(details) }) as Pick<
    RoomActivityEntry,
    'type' | 'details'
  >;

describe('describeActivity', () => {
  test.each([
    ['member_join', {}, [{ key: 'member_join', values: {} }]],
    ['member_joined_by_token', {}, [{ key: 'member_joined_by_token', values: {} }]],
    ['member_left', {}, [{ key: 'member_left', values: {} }]],
    ['content_edited', {}, [{ key: 'content_edited', values: {} }]],
    ['content_deleted', {}, [{ key: 'content_deleted', values: {} }]],
    ['room_deleted', {}, [{ key: 'room_deleted', values: {} }]],
    ['content_add', { contentType: 'text' }, [{ key: 'content_add', values: { contentType: 'text' } }]],
    ['file_uploaded', { fileName: 'a.pdf' }, [{ key: 'file_uploaded', values: { fileName: 'a.pdf' } }]],
    ['member_added', { memberEmail: 'b@x.io' }, [{ key: 'member_added', values: { memberEmail: 'b@x.io' } }]],
    ['member_removed', { memberEmail: 'b@x.io' }, [{ key: 'member_removed', values: { memberEmail: 'b@x.io' } }]],
    ['member_removed', {}, [{ key: 'member_removed_unnamed', values: {} }]],
    [
      'room_updated',
      { name: 'Team', isPrivate: true },
      [
        { key: 'room_renamed', values: { name: 'Team' } },
        { key: 'room_made_private', values: {} },
      ],
    ],
    ['room_updated', { isPrivate: false }, [{ key: 'room_made_public', values: {} }]],
    ['room_updated', { inviteLinkRotated: true }, [{ key: 'invite_renewed', values: {} }]],
    ['room_updated', {}, [{ key: 'room_updated', values: {} }]],
  ])('%s with %j', (type, details, expected) => {
    expect(describeActivity(entry(type, details))).toEqual(expected);
  });

  test("an unknown type reads 'performed an action'; unreadable details read as none", () => {
    expect(describeActivity(entry('room_archived'))).toEqual([{ key: 'unknown', values: {} }]);
    expect(describeActivity(entry('file_uploaded', 'not json'))).toEqual([
      { key: 'file_uploaded', values: { fileName: '' } },
    ]);
  });
});
