import { gunzipSync } from 'node:zlib';
import { RoomDetail } from '@clipsync/shared';
import { describe, expect, it } from 'vitest';
import type { RoomRow } from './rooms.context';
import type { RoomContentItem } from '@clipsync/shared';
import { encodeRoomDetail, encodeRoomLists, shareContent } from './room-detail-cache';
import { toRoomDetail } from './rooms.presenter';

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
      { id: row.ownerId, name: 'Owner', email: 'owner@example.com', role: 'owner' as const, avatar: null },
      {
        id: 'member-id-00000000000',
        name: 'Zoë',
        email: 'zoë+rooms@example.com',
        role: 'member' as const,
        avatar: null,
      },
    ];
    const authors = [{ id: row.ownerId, name: 'Owner', email: 'owner@example.com' }];
    const content = [
      {
        id: 'item-id-0000000000000',
        type: 'text' as const,
        content: 'a "quoted" line\nand a second 🙂',
        version: 1,
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

  describe('with a page shared between callers', () => {
    const owner = { id: row.ownerId, name: 'Owner', email: 'owner@example.com' };
    const author = { id: 'member-id-00000000000', name: 'Zoë', email: 'zoë+rooms@example.com' };
    const members = [
      { ...owner, role: 'owner' as const, avatar: null },
      { ...author, role: 'member' as const, avatar: null },
    ];
    const lists = encodeRoomLists({ members, authors: [owner, author] });
    const item = (index: number, user: typeof owner, extra: Partial<RoomContentItem> = {}): RoomContentItem => ({
      id: `item-${index}`,
      type: 'text',
      content: `text ${index} "quoted" 🙂 `.repeat(index + 1),
      version: 1,
      file_name: null,
      file_type: null,
      file_size: null,
      file_url: null,
      created_at: '2026-02-03T04:05:06.000Z',
      updated_at: '2026-02-03T04:05:06.000Z',
      user,
      abilities: { edit: false, delete: true },
      ...extra,
    });
    const file = (index: number, access: string) =>
      item(index, owner, {
        type: 'file',
        content: '',
        file_name: 'plan.pdf',
        file_type: 'application/pdf',
        file_size: 1234,
        file_url: `/api/rooms/r/files/item-${index}/plan.pdf?access=${access}`,
      });
    // As the first caller (the member) saw them: their own text, two others', a file, three others'.
    const firstView = [
      item(0, author, { abilities: { edit: true, delete: true } }),
      item(1, owner),
      item(2, owner),
      file(3, 'for-the-member'),
      item(4, owner),
      item(5, author, { abilities: { edit: true, delete: true } }),
      item(6, owner),
    ];
    const rows = firstView.map((shown) => ({ item: { userId: shown.user.id } }));
    const firstCaller = { userId: author.id, sessionId: 'session', expiresAt: 2_000_000_000 };
    const shared = shareContent(firstView, rows, firstCaller);
    const access = { ownerId: row.ownerId, isPrivate: true, role: 'member' as const };
    const detailOf = (content: RoomContentItem[]) =>
      toRoomDetail(row, access, { members, content, contentTotal: 40, authors: [owner, author] }, firstCaller);

    it('shares what is the same for everyone: not a file, nor the first caller’s own items', () => {
      expect(shared.items.map((shown) => shown?.id ?? null)).toEqual([
        null,
        'item-1',
        'item-2',
        null,
        'item-4',
        null,
        'item-6',
      ]);
      expect([...shared.runs].map(([start, run]) => [start, run.end])).toEqual([
        [1, 3],
        [4, 5],
        [6, 7],
      ]);
    });

    it('splices the runs compressed once into each answer, exactly JSON.stringify', () => {
      // The owner: the shared items as they are, their own file link and their own edit rights on nothing shared.
      const ownersView = firstView.map((shown, index) => shared.items[index] ?? { ...shown });
      ownersView[3] = file(3, 'for-the-owner');
      const detail = detailOf(ownersView);

      const { gzip, json } = encodeRoomDetail(detail, lists, shared);

      expect(Buffer.concat(json).toString()).toBe(JSON.stringify(detail));
      expect(Buffer.concat(json).toString()).toBe(JSON.stringify(RoomDetail.encode(detail)));
      expect(gunzipSync(gzip).toString()).toBe(JSON.stringify(detail));
      for (const run of shared.runs.values()) expect(json).toContain(run.piece.bytes);
    });

    it('encodes a run afresh where the answer holds other items than the shared ones', () => {
      // item-2's author would see it editable: their item is their own, so the run 1–3 is not theirs to splice.
      const authorsView = firstView.map((shown, index) => shared.items[index] ?? shown);
      authorsView[2] = item(2, owner, { abilities: { edit: true, delete: true } });
      const detail = detailOf(authorsView);

      const { gzip, json } = encodeRoomDetail(detail, lists, shared);

      expect(Buffer.concat(json).toString()).toBe(JSON.stringify(detail));
      expect(gunzipSync(gzip).toString()).toBe(JSON.stringify(detail));
      expect(json).not.toContain(shared.runs.get(1)?.piece.bytes);
      expect(json).toContain(shared.runs.get(4)?.piece.bytes);
    });
  });
});
