import type { SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';

type AckResult = Parameters<SocketAck>[0];

describe('clip live updates over Socket.IO', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let other: TestUser;
  const sockets = socketPool();
  const connect = (user?: TestUser) => sockets.connect(baseUrl, user ? { token: user.tokens.access_token } : {});
  const emitWithAck = (socket: TestSocket, event: 'clip:join' | 'clip:leave', clipId: string) =>
    new Promise<AckResult>((resolve) => socket.emit(event, { clipId }, resolve));
  const createClip = (content: string) => testApp.factory.clip({ owner, content });
  const save = (clipId: string, content: string, user = owner) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/clipboard/${clipId}`,
      payload: { content },
      headers: { authorization: `Bearer ${user.tokens.access_token}` },
    });

  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
    owner = await testApp.factory.user();
    other = await testApp.factory.user();
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test('a signed-out viewer who joined gets the saved text; a socket that never joined does not', async () => {
    const clip = await createClip('first');
    const viewer = await connect();
    const bystander = await connect();
    expect(await emitWithAck(viewer, 'clip:join', clip.id)).toEqual({ ok: true });
    let bystanderHeard = false;
    bystander.on('clip-content-updated', () => (bystanderHeard = true));

    const update = nextEvent(viewer, 'clip-content-updated');
    expect((await save(clip.id, 'second')).statusCode).toBe(200);
    expect(await update).toEqual({ clipId: clip.id, content: 'second', version: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bystanderHeard).toBe(false);
  });

  test('file changes reach viewers with the stored file list', async () => {
    const clip = await createClip('with a file');
    const viewer = await connect(other);
    await emitWithAck(viewer, 'clip:join', clip.id);
    const update = nextEvent(viewer, 'clip-files-updated');
    const body = multipartFile('file', 'a.txt', 'text/plain', Buffer.from('abc'));
    await testApp.app.inject({
      method: 'POST',
      url: `/api/clipboard/${clip.id}/files`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${owner.tokens.access_token}` },
    });
    const { files } = await update;
    expect(files).toEqual([expect.objectContaining({ name: 'a.txt', size: 3, type: 'text/plain' })]);
  });

  test("only the owner's socket may publish clip-content-update", async () => {
    const clip = await createClip('owned');
    const viewer = await connect();
    await emitWithAck(viewer, 'clip:join', clip.id);
    const intruder = await connect(other);
    const refused = await new Promise<AckResult>((resolve) =>
      intruder.emit('clip-content-update', { clipId: clip.id, content: 'hijacked' }, resolve),
    );
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const signedOut = await new Promise<AckResult>((resolve) =>
      viewer.emit('clip-content-update', { clipId: clip.id, content: 'hijacked' }, resolve),
    );
    expect(signedOut).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });

    const ownerSocket = await connect(owner);
    const update = nextEvent(viewer, 'clip-content-updated');
    const accepted = await new Promise<AckResult>((resolve) =>
      ownerSocket.emit('clip-content-update', { clipId: clip.id, content: 'from the owner socket' }, resolve),
    );
    expect(accepted).toEqual({ ok: true });
    expect(await update).toEqual({ clipId: clip.id, content: 'from the owner socket', version: 2 });
    const stored = await testApp.app.inject({ method: 'GET', url: `/api/clipboard/${clip.id}` });
    expect(stored.json().content).toBe('from the owner socket');
  });

  test('joining an unknown clip or sending a bad payload is refused in the ack', async () => {
    const socket = await connect();
    expect(await emitWithAck(socket, 'clip:join', 'AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const bad = await new Promise<AckResult>((resolve) =>
      (socket.emit as (event: string, payload: unknown, ack: (result: AckResult) => void) => void)(
        'clip:join',
        { clipId: 42 },
        resolve,
      ),
    );
    expect(bad).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  test('after clip:leave no more updates arrive', async () => {
    const clip = await createClip('leaving');
    const viewer = await connect();
    await emitWithAck(viewer, 'clip:join', clip.id);
    await emitWithAck(viewer, 'clip:leave', clip.id);
    let heard = false;
    viewer.on('clip-content-updated', () => (heard = true));
    await save(clip.id, 'after leaving');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toBe(false);
  });

  const emitRaw = (socket: TestSocket, event: string, payload: unknown) =>
    new Promise<AckResult>((resolve) =>
      (socket.emit as (event: string, payload: unknown, ack: (result: AckResult) => void) => void)(
        event,
        payload,
        resolve,
      ),
    );

  test('socket payloads follow the same id and content rules as HTTP', async () => {
    const ownerSocket = await connect(owner);
    for (const clipId of ['x', 'A'.repeat(64), '../AAAAAAAAAAAAAAAAAAA']) {
      expect(await emitRaw(ownerSocket, 'clip-content-update', { clipId, content: 'x' })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      expect(await emitRaw(ownerSocket, 'clip:join', { clipId })).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const clip = await createClip('bounded');
    expect(await emitRaw(ownerSocket, 'clip-content-update', { clipId: clip.id, content: 42 })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  test("clip-files-update is bounded and never trusted: viewers get the stored list, not the sender's", async () => {
    const clip = await createClip('files as stored');
    const ownerSocket = await connect(owner);
    const forged = { name: 'forged.exe', size: 1, type: 'application/x-msdownload', url: 'https://evil.example/x' };
    const tooMany = Array.from({ length: 101 }, () => forged);
    expect(await emitRaw(ownerSocket, 'clip-files-update', { clipId: clip.id, files: tooMany })).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const viewer = await connect();
    await emitWithAck(viewer, 'clip:join', clip.id);
    const update = nextEvent(viewer, 'clip-files-updated');
    expect(await emitRaw(ownerSocket, 'clip-files-update', { clipId: clip.id, files: [forged] })).toEqual({ ok: true });
    expect(await update).toEqual({ clipId: clip.id, files: [] });
  });

  test('deleting a clip tells its viewers, and only them', async () => {
    const clip = await createClip('soon gone');
    const viewer = await connect();
    const bystander = await connect();
    await emitWithAck(viewer, 'clip:join', clip.id);
    let bystanderHeard = false;
    bystander.on('clip-deleted', () => (bystanderHeard = true));
    const deleted = nextEvent(viewer, 'clip-deleted');
    const res = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/clipboard/${clip.id}`,
      headers: { authorization: `Bearer ${owner.tokens.access_token}` },
    });
    expect(res.statusCode).toBe(204);
    expect(await deleted).toEqual({ clipId: clip.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bystanderHeard).toBe(false);
  });

  test('a listener that throws does not fail the save it followed; the viewers still hear it', async () => {
    const clip = await createClip('sturdy');
    const viewer = await connect();
    await emitWithAck(viewer, 'clip:join', clip.id);
    const off = testApp.context.events.on('clip.content-saved', () => {
      throw new Error('a broken listener');
    });
    try {
      const update = nextEvent(viewer, 'clip-content-updated');
      expect((await save(clip.id, 'saved anyway')).statusCode).toBe(200);
      expect(await update).toEqual({ clipId: clip.id, content: 'saved anyway', version: 2 });
    } finally {
      off();
    }
  });
});
