import type { RoomDetail } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { sendOversizedUpload } from '../../../test/real-socket-upload';

describe('a room upload over 10 MB, refused while the member is still sending it', () => {
  let testApp: TestApp;
  let base: string;
  let room: RoomDetail;
  let authorization: string;
  beforeAll(async () => {
    testApp = await buildTestApp();
    base = await testApp.listen();
    const [owner, member] = [await testApp.factory.user(), await testApp.factory.user()];
    room = await testApp.factory.room({ owner });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    authorization = `Bearer ${member.tokens.access_token}`;
  });
  afterAll(() => testApp.close());

  // The two ways a refusal comes: from the declared length before a byte is read, or from the store midway.
  test.each([
    ['raw PUT with its length declared', 'PUT', true],
    ['multipart POST, chunked', 'POST', false],
  ] as const)('%s: a member who reads only once all is sent gets the 413 answer', async (_label, method, declared) => {
    const { answer, writeError } = await sendOversizedUpload(
      base,
      method,
      `/api/rooms/${room.id}/upload`,
      { authorization },
      declared,
    );
    expect(answer.split('\r\n')[0], `${writeError ?? 'no write error'}: ${answer.slice(0, 200)}`).toBe(
      'HTTP/1.1 413 Payload Too Large',
    );
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });
});
