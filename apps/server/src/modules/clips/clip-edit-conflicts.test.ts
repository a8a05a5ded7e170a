import type { Clip, ErrorBody, SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { socketPool } from '../../../test/socket-client';

type AckResult = Parameters<SocketAck>[0];

/** Set-up creates a user (argon2 hash) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

describe('clip edits name the version they started from', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  const sockets = socketPool();

  const save = (clipId: string, body: { content: string; version?: number }) =>
    testApp.as(owner).put(`/api/clipboard/${clipId}`, body);

  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
    owner = await testApp.factory.user();
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    sockets.closeAll();
    await testApp?.close();
  });

  test('each save moves the version on; a save from an older version is refused with what is stored', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'first' });
    expect(clip.version).toBe(1);

    const laptop = await save(clip.id, { content: 'from the laptop', version: 1 });
    expect(laptop.statusCode).toBe(200);
    expect(laptop.json<Clip>()).toMatchObject({ content: 'from the laptop', version: 2 });

    const phone = await save(clip.id, { content: 'from the phone', version: 1 });
    expect(phone.statusCode).toBe(409);
    expect(phone.json<ErrorBody>()).toMatchObject({
      code: 'EDIT_CONFLICT',
      current: { text: 'from the laptop', version: 2 },
    });
    const stored = await testApp.as(owner).get(`/api/clipboard/${clip.id}`);
    expect(stored.json<Clip>()).toMatchObject({ content: 'from the laptop', version: 2 });

    // "Keep mine": the same text again, from the version the conflict named.
    const kept = await save(clip.id, { content: 'from the phone', version: 2 });
    expect(kept.json<Clip>()).toMatchObject({ content: 'from the phone', version: 3 });
  });

  test('of two saves started from one version at once, exactly one is stored', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'shared start' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => save(clip.id, { content: `device ${index}`, version: 1 })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<Clip>();
    const stored = (await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json<Clip>();
    expect(stored).toMatchObject({ content: winner?.content, version: 2 });
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json<ErrorBody>().current).toEqual({ text: winner?.content, version: 2 });
    }
  });

  test("the owner's socket edit is checked the same way, and the refusal carries what is stored", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'socket start' });
    expect((await save(clip.id, { content: 'saved over HTTP', version: 1 })).statusCode).toBe(200);
    const ownerSocket = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    const emit = (payload: { clipId: string; content: string; version?: number }) =>
      new Promise<AckResult>((resolve) => ownerSocket.emit('clip-content-update', payload, resolve));

    expect(await emit({ clipId: clip.id, content: 'stale socket edit', version: 1 })).toEqual({
      ok: false,
      code: 'EDIT_CONFLICT',
      error: expect.any(String),
      current: { text: 'saved over HTTP', version: 2 },
    });
    expect(await emit({ clipId: clip.id, content: 'fresh socket edit', version: 2 })).toEqual({ ok: true });
    const stored = (await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json<Clip>();
    expect(stored).toMatchObject({ content: 'fresh socket edit', version: 3 });
  });

  test('a save without a version (a client from before versions) still overwrites', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'old client' });
    const answer = await save(clip.id, { content: 'no version' });
    expect(answer.json<Clip>()).toMatchObject({ content: 'no version', version: 2 });
  });
});
