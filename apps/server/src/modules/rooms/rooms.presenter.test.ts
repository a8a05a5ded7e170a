import { gunzipSync } from 'node:zlib';
import { RoomDetail } from '@clipsync/shared';
import { describe, expect, it } from 'vitest';
import type { RoomRow } from './room-access';
import { encodeRoomDetail, encodeRoomLists, toRoomDetail } from './rooms.presenter';

const row: RoomRow = {
  id: 'room-id-0000000000000',
  name: 'Équipe "launch" \u2028 notes',
  isPrivate: true,
  ownerId: 'owner-id-000000000000',
  shareToken: 'share-token-0000000000',
  memberCount: 2,
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
  updatedAt: new Date('2026-02-03T04:05:06.000Z'),
};

describe('encodeRoomDetail', () => {
  it('writes exactly the bytes of JSON.stringify and of the schema, with the shared lists spliced in, plain and gzipped', () => {
    const members = [
      { id: row.ownerId, email: 'owner@example.com', role: 'owner' as const, avatar: null },
      { id: 'member-id-00000000000', email: 'zoë+rooms@example.com', role: 'member' as const, avatar: null },
    ];
    const authors = [{ id: row.ownerId, email: 'owner@example.com' }];
    const content = [
      {
        id: 'item-id-0000000000000',
        type: 'text' as const,
        content: 'a "quoted" line\nand a second 🙂',
        file_name: null,
        file_type: null,
        file_size: null,
        file_url: null,
        created_at: '2026-02-03T04:05:06.000Z',
        updated_at: '2026-02-03T04:05:06.000Z',
        user: authors[0]!,
        abilities: { edit: true, delete: true },
      },
    ];
    const actor = { userId: row.ownerId, sessionId: 'session', expiresAt: 2_000_000_000 };
    const access = { ownerId: row.ownerId, isPrivate: true, role: 'owner' as const };
    const detail = toRoomDetail(row, access, { members, content, contentTotal: 1, authors }, actor);

    const { gzip, json } = encodeRoomDetail(detail, encodeRoomLists({ members, authors }));

    expect(Buffer.concat(json).toString()).toBe(JSON.stringify(detail));
    expect(Buffer.concat(json).toString()).toBe(JSON.stringify(RoomDetail.encode(detail)));
    expect(gunzipSync(gzip).toString()).toBe(JSON.stringify(detail));
  });

  it('splices empty lists as a new room has them', () => {
    const access = { ownerId: row.ownerId, isPrivate: false, role: 'member' as const };
    const actor = { userId: 'member-id-00000000000', sessionId: 'session', expiresAt: 2_000_000_000 };
    const detail = toRoomDetail(row, access, { members: [], content: [], contentTotal: 0, authors: [] }, actor);

    const { gzip, json } = encodeRoomDetail(detail, encodeRoomLists(detail));

    expect(Buffer.concat(json).toString()).toBe(JSON.stringify(detail));
    expect(gunzipSync(gzip).toString()).toBe(JSON.stringify(detail));
  });
});
