import type { ErrorBody, RoomActivityEntry, RoomContentItem, RoomDetail } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type TestUser } from '../../../test/factories';

/** Set-up creates a user (argon2 hash) and a room through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

describe('room text edits name the version they started from', () => {
  let testApp: TestApp;
  let author: TestUser;
  let room: RoomDetail;

  const addText = async (content: string) =>
    (await testApp.as(author).post(`/api/rooms/${room.id}/content`, { content })).json<RoomContentItem>();
  const edit = (contentId: string, body: { content: string; version?: number }) =>
    testApp.as(author).patch(`/api/rooms/${room.id}/content/${contentId}`, body);

  beforeAll(async () => {
    testApp = await buildTestApp();
    author = await testApp.factory.user();
    room = await testApp.factory.room({ owner: author, name: 'Notes', isPrivate: true });
  }, SEED_TIMEOUT_MS);
  afterAll(() => testApp?.close());

  test('an edit from an older version is refused with the stored text, and nothing is overwritten', async () => {
    const item = await addText('agenda');
    expect(item.version).toBe(1);
    const first = await edit(item.id, { content: 'agenda, from the laptop', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json<RoomContentItem>()).toMatchObject({ content: 'agenda, from the laptop', version: 2 });

    const stale = await edit(item.id, { content: 'agenda, from the phone', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>()).toMatchObject({
      code: 'EDIT_CONFLICT',
      current: { text: 'agenda, from the laptop', version: 2 },
    });
    const list = (await testApp.as(author).get(`/api/rooms/${room.id}/content`)).json<RoomContentItem[]>();
    expect(list.find((each) => each.id === item.id)).toMatchObject({ content: 'agenda, from the laptop', version: 2 });
  });

  test('of parallel edits started from one version, exactly one is stored', async () => {
    const item = await addText('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => edit(item.id, { content: `device ${index}`, version: 1 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<RoomContentItem>();
    expect(winner?.version).toBe(2);
    const activity = (await testApp.as(author).get(`/api/rooms/${room.id}/activity`)).json<RoomActivityEntry[]>();
    // The refused edits wrote no activity: their transactions rolled back.
    const edits = activity.filter((entry) => entry.type === 'content_edited' && entry.details.includes(item.id));
    expect(edits).toHaveLength(1);
  });

  test('an edit without a version (a client from before versions) still applies', async () => {
    const item = await addText('old client');
    const answer = await edit(item.id, { content: 'no version' });
    expect(answer.json<RoomContentItem>()).toMatchObject({ content: 'no version', version: 2 });
  });
});
