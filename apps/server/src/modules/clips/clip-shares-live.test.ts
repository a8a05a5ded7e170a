import { CLIP_ENDPOINTS, type SocketAck, type UpdateClipShareRequest } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';

type AckResult = Parameters<SocketAck>[0];

describe('following a private share live', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let other: TestUser;
  const sockets = socketPool();
  const connect = (user?: TestUser) => sockets.connect(baseUrl, user ? { token: user.tokens.access_token } : {});
  const join = (socket: TestSocket, clipId: string, grant?: string) =>
    new Promise<AckResult>((resolve) => socket.emit('clip:join', grant ? { clipId, grant } : { clipId }, resolve));
  const save = (clipId: string, content: string) => testApp.as(owner).put(`/api/clipboard/${clipId}`, { content });
  const share = (clipId: string, settings: UpdateClipShareRequest) =>
    testApp.api(owner).call(CLIP_ENDPOINTS.updateShare, { params: { id: clipId }, body: settings });
  const open = (clipId: string, password: string) =>
    testApp.api().call(CLIP_ENDPOINTS.open, { params: { id: clipId }, body: { password } });
  const silence = (socket: TestSocket, event: 'clip-content-updated') => {
    let heard = false;
    socket.on(event, () => (heard = true));
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return heard;
    };
  };

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

  test('clip:join on a protected clip is refused without a grant and accepted with the one its open gave', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'protected' });
    await share(clip.id, { maxViews: 2, password: 'pw' });
    const viewer = await connect();
    const signedIn = await connect(other);
    expect(await join(viewer, clip.id)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await join(signedIn, clip.id)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await join(viewer, clip.id, 'forged.grant')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const refusedHeard = silence(viewer, 'clip-content-updated');

    const { grant } = await open(clip.id, 'pw');
    const granted = await connect();
    expect(await join(granted, clip.id, grant.token)).toEqual({ ok: true });
    // A grant is for its clip only.
    const elsewhere = await testApp.factory.clip({ owner, content: 'another' });
    await share(elsewhere.id, { maxViews: 1 });
    expect(await join(granted, elsewhere.id, grant.token)).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const update = nextEvent(granted, 'clip-content-updated');
    expect((await save(clip.id, 'changed')).statusCode).toBe(200);
    expect(await update).toMatchObject({ clipId: clip.id, content: 'changed' });
    expect(await refusedHeard()).toBe(false);
    // Following spends nothing.
    const settings = await share(clip.id, {});
    expect(settings.viewsLeft).toBe(1);
  });

  test("stopping the link drops everyone else from the clip's channel at once; the owner stays", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'open to all' });
    const viewer = await connect();
    const ownerSocket = await connect(owner);
    expect(await join(viewer, clip.id)).toEqual({ ok: true });
    expect(await join(ownerSocket, clip.id)).toEqual({ ok: true });

    const gone = nextEvent(viewer, 'clip-deleted');
    expect((await testApp.as(owner).delete(`/api/clipboard/${clip.id}/share`)).statusCode).toBe(204);
    expect(await gone).toEqual({ clipId: clip.id });
    const viewerHeard = silence(viewer, 'clip-content-updated');
    const ownerHears = nextEvent(ownerSocket, 'clip-content-updated');
    await save(clip.id, 'after the link stopped');
    expect(await ownerHears).toMatchObject({ content: 'after the link stopped' });
    expect(await viewerHeard()).toBe(false);
    expect(await join(viewer, clip.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  test("a renewed link's followers hear the clip under the link's id, never the clip's", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'renewed' });
    await testApp.api(owner).call(CLIP_ENDPOINTS.removeShare, { params: { id: clip.id } });
    const { linkId } = await share(clip.id, {});
    if (!linkId) throw new Error('a shared clip has a link');
    const viewer = await connect();
    expect(await join(viewer, clip.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await join(viewer, linkId)).toEqual({ ok: true });
    const update = nextEvent(viewer, 'clip-content-updated');
    await save(clip.id, 'by its link');
    expect(await update).toEqual({ clipId: linkId, content: 'by its link', version: 2 });
  });

  test('protecting a clip drops the sockets that followed it without a view', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'soon protected' });
    const viewer = await connect();
    expect(await join(viewer, clip.id)).toEqual({ ok: true });
    const gone = nextEvent(viewer, 'clip-deleted');
    await share(clip.id, { maxViews: 1 });
    expect(await gone).toEqual({ clipId: clip.id });
    const viewerHeard = silence(viewer, 'clip-content-updated');
    await save(clip.id, 'protected now');
    expect(await viewerHeard()).toBe(false);
  });

  test('a new password drops those who opened with the old one, and their grant no longer opens the files', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'guarded' });
    await share(clip.id, { password: 'old password' });
    const { grant } = await open(clip.id, 'old password');
    const viewer = await connect();
    expect(await join(viewer, clip.id, grant.token)).toEqual({ ok: true });

    const gone = nextEvent(viewer, 'clip-deleted');
    await share(clip.id, { password: 'new password' });
    expect(await gone).toEqual({ clipId: clip.id });
    const rejoined = await connect();
    expect(await join(rejoined, clip.id, grant.token)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const files = await testApp
      .as(null)
      .get(`/api/clipboard/${clip.id}/files?access=${encodeURIComponent(grant.token)}`);
    expect(files.json()).toMatchObject({ protected: true });
  });
});
