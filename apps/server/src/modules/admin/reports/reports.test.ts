import * as sealing from '@clipsync/shared/crypto';
import { multipartForm } from '../../../../test/multipart';
import { sealedAccount } from '../../../../test/sealed-account';
import {
  CLIP_ENDPOINTS,
  DESKTOP_ENDPOINTS,
  MODERATION_ENDPOINTS,
  REPORTS_PER_ADDRESS_PER_HOUR,
  ROOM_ENDPOINTS,
  TAKEN_DOWN_MESSAGE,
  type AuditPage,
  type ClipFile,
  type DesktopItem,
  type ReportQueue,
} from '@clipsync/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import type { TestUser } from '../../../../test/factories';
import { clips } from '../../../db/schema';
import { multipartFile } from '../../../../test/multipart';
import { nextEvent, socketPool } from '../../../../test/socket-client';

describe('moderation: reporting links and taking items down', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let admin: TestUser;
  let owner: TestUser;
  let addressCount = 0;
  const sockets = socketPool();

  beforeAll(async () => {
    testApp = await buildTestApp();
    baseUrl = await testApp.listen();
    admin = await testApp.factory.user({ role: 'admin' });
    owner = await testApp.factory.user({ name: 'Olive Owner' });
  });
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  /** A signed-out report, each from its own address unless one is given (the limit is per address). */
  const report = (body: object, remoteAddress = `198.51.100.${++addressCount}`) =>
    testApp.app.inject({ method: 'POST', url: '/api/reports', payload: body, remoteAddress });
  const queue = async (status: 'open' | 'resolved' = 'open') =>
    (await testApp.as(admin).get(`/api/admin/reports?status=${status}`)).json<ReportQueue>();
  const takeDown = (kind: string, id: string, reason = 'Phishing page') =>
    testApp.as(admin).post(`/api/admin/reports/${kind}/${id}/takedown`, { reason });
  const restore = (kind: string, id: string) => testApp.as(admin).delete(`/api/admin/reports/${kind}/${id}/takedown`);

  test('anyone reports a shared clip without an account; the answer says nothing of its owner', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'report me' });
    const res = await report({ kind: 'clip', link: clip.id, reason: 'phishing', note: 'fake bank login' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  test('the queue counts only items still there, and a page past the last tells the same total', async () => {
    const page = async (query: string) =>
      (await testApp.as(admin).get(`/api/admin/reports?status=open&${query}`)).json<ReportQueue>();
    const before = (await page('limit=100')).total;
    const [kept, deleted] = [
      await testApp.factory.clip({ owner, content: 'counted' }),
      await testApp.factory.clip({ owner, content: 'deleted since' }),
    ];
    for (const clip of [kept, deleted]) {
      expect((await report({ kind: 'clip', link: clip.id, reason: 'spam' })).statusCode).toBe(204);
    }
    expect((await page('limit=100')).total).toBe(before + 2);

    await testApp.context.db.delete(clips).where(eq(clips.id, deleted.id));
    const all = await page('limit=100');
    expect(all.total).toBe(before + 1);
    expect(all.items).toHaveLength(all.total);
    expect(all.items.some((item) => item.id === deleted.id)).toBe(false);
    expect(await page(`limit=1&offset=${all.total + 5}`)).toEqual({ items: [], total: all.total });
  });

  test('an unknown link is 404, a reason off the list or a long note is 400', async () => {
    expect((await report({ kind: 'clip', link: 'nope', reason: 'spam' })).statusCode).toBe(404);
    expect((await report({ kind: 'desktop', link: 'nope', reason: 'spam' })).statusCode).toBe(404);
    expect((await report({ kind: 'clip', link: 'x', reason: 'boring' })).statusCode).toBe(400);
    expect((await report({ kind: 'clip', link: 'x', reason: 'spam', note: 'n'.repeat(5000) })).statusCode).toBe(400);
  });

  test('reports are limited per address (429 past the hour’s allowance)', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'flood' });
    const address = '203.0.113.77';
    for (let i = 0; i < REPORTS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await report({ kind: 'clip', link: clip.id, reason: 'spam' }, address)).statusCode).toBe(204);
    }
    expect((await report({ kind: 'clip', link: clip.id, reason: 'spam' }, address)).statusCode).toBe(429);
    expect((await report({ kind: 'clip', link: clip.id, reason: 'spam' })).statusCode).toBe(204);
  });

  test('the queue groups an item’s reports: count, reasons, first and last time, owner and metadata', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'grouped' });
    await report({ kind: 'clip', link: clip.id, reason: 'malware' });
    await report({ kind: 'clip', link: clip.id, reason: 'spam', note: 'again' });
    await report({ kind: 'clip', link: clip.id, reason: 'spam' });
    const item = (await queue()).items.find((entry) => entry.id === clip.id);
    expect(item).toMatchObject({
      kind: 'clip',
      reportCount: 3,
      reasons: ['malware', 'spam'],
      notes: ['again'],
      encrypted: false,
      sizeBytes: 'grouped'.length,
      takedown: null,
      owner: { id: owner.id, name: 'Olive Owner', email: owner.email, takedownCount: 0, isDisabled: false },
    });
    expect(item).not.toHaveProperty('content');
    expect(new Date(item!.firstReportedAt).getTime()).toBeLessThanOrEqual(new Date(item!.lastReportedAt).getTime());
  });

  test('take down: the link answers 410 with the text; the owner still reads it with the reason; restore brings it back', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'bad text' });
    await testApp.factory.file({ owner, clipId: clip.id, name: 'bad.txt', content: Buffer.from('bad') });
    await report({ kind: 'clip', link: clip.id, reason: 'phishing' });
    const stranger = await testApp.factory.user();

    expect((await takeDown('clip', clip.id)).statusCode).toBe(204);
    expect((await takeDown('clip', clip.id)).statusCode).toBe(409);
    for (const caller of [null, stranger]) {
      const read = await testApp.as(caller).get(`/api/clipboard/${clip.id}`);
      expect(read.statusCode).toBe(410);
      expect(read.json()).toMatchObject({ code: 'TAKEN_DOWN', error: TAKEN_DOWN_MESSAGE });
      // A 410 is cacheable by default; a browser must ask again after a restore.
      expect(read.headers['cache-control']).toBe('no-store');
    }
    const own = await testApp.as(owner).get(`/api/clipboard/${clip.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ content: 'bad text', takedown: { reason: 'Phishing page' } });
    // Renewing the link does not escape the takedown: it is the clip that is taken down.
    const renewed = await testApp
      .api(owner)
      .call(CLIP_ENDPOINTS.updateShare, { params: { id: clip.id }, body: { maxViews: 5 } });
    expect(renewed.linkId).toBeTruthy();
    expect((await testApp.as(null).get(`/api/clipboard/${renewed.linkId}`)).statusCode).toBe(410);

    const resolved = await queue('resolved');
    const item = resolved.items.find((entry) => entry.id === clip.id);
    expect(item?.takedown).toMatchObject({ reason: 'Phishing page' });
    expect(item?.owner.takedownCount).toBeGreaterThanOrEqual(1);

    expect((await restore('clip', clip.id)).statusCode).toBe(204);
    expect((await restore('clip', clip.id)).statusCode).toBe(404);
    const again = await testApp.as(owner).get(`/api/clipboard/${clip.id}`);
    expect(again.json()).not.toHaveProperty('takedown');
    expect((await testApp.as(null).get(`/api/clipboard/${renewed.linkId}`)).statusCode).toBe(200);
    await testApp.api(owner).call(CLIP_ENDPOINTS.removeShare, { params: { id: clip.id } });
  });

  test('each item names the page its link opens for visitors: a clip’s, a shared desktop’s; a room’s none', async () => {
    const sharer = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner: sharer, content: 'visible to visitors' });
    await testApp.factory.desktop({ owner: sharer });
    const { shareToken } = await testApp.api(sharer).call(DESKTOP_ENDPOINTS.share);
    const room = await testApp.factory.room({ owner: sharer, name: 'Joined by link' });
    const { shareToken: roomToken } = await testApp
      .api(sharer)
      .call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    await report({ kind: 'clip', link: clip.id, reason: 'spam' });
    await report({ kind: 'desktop', link: shareToken, reason: 'spam' });
    await report({ kind: 'room', link: roomToken, reason: 'spam' });
    const theirs = (await queue()).items.filter((item) => item.owner.id === sharer.id);
    expect(Object.fromEntries(theirs.map((item) => [item.kind, item.visitorPath]))).toEqual({
      clip: `/clips/${clip.id}`,
      desktop: `/desktop/shared/${shareToken}`,
      room: null,
    });
  });

  test('a shared desktop and a room’s link answer 410 once taken down, 200 again once restored', async () => {
    const desktop = await testApp.factory.desktop({ owner });
    const { shareToken } = await testApp.api(owner).call(DESKTOP_ENDPOINTS.share);
    expect((await report({ kind: 'desktop', link: shareToken, reason: 'illegal' })).statusCode).toBe(204);
    expect((await takeDown('desktop', desktop.id)).statusCode).toBe(204);
    const shared = await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`);
    expect(shared.statusCode).toBe(410);
    expect(shared.json()).toMatchObject({ code: 'TAKEN_DOWN', error: TAKEN_DOWN_MESSAGE });
    expect((await restore('desktop', desktop.id)).statusCode).toBe(204);
    expect((await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`)).statusCode).toBe(200);

    const room = await testApp.factory.room({ owner, name: 'Reported room' });
    const { shareToken: roomToken } = await testApp
      .api(owner)
      .call(ROOM_ENDPOINTS.rotateInvite, { params: { id: room.id } });
    expect((await report({ kind: 'room', link: roomToken, reason: 'spam' })).statusCode).toBe(204);
    const member = await testApp.factory.user();
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    const roomFile = multipartFile('file', 'r.txt', 'text/plain', Buffer.from('room bytes'));
    const uploadedToRoom = await testApp
      .as(owner)
      .inject('POST', `/api/rooms/${room.id}/upload`, roomFile.payload, roomFile.headers);
    const roomFileUrl = uploadedToRoom.json<{ url: string }>().url;
    const listed = await testApp.as(member).get(`/api/rooms/${room.id}/content`);
    const memberFileUrl = JSON.stringify(listed.json()).match(/"(\/api\/rooms\/[^"]+\?[^"]+)"/)?.[1] ?? '';
    expect(memberFileUrl).not.toBe('');
    expect((await testApp.as(null).get(memberFileUrl)).statusCode).toBe(200);
    expect((await takeDown('room', room.id)).statusCode).toBe(204);
    const preview = await testApp.as(null).post('/api/rooms/link-preview', { kind: 'join', token: roomToken });
    expect(preview.statusCode).toBe(410);
    expect(preview.json()).toMatchObject({ code: 'TAKEN_DOWN', error: TAKEN_DOWN_MESSAGE });
    expect((await testApp.as(member).get(`/api/rooms/${room.id}`)).statusCode).toBe(410);
    expect((await testApp.as(member).get(`/api/rooms/${room.id}/content`)).statusCode).toBe(410);
    // A member's file download (bearer or the file's signed link) is refused too; the owner's is not.
    expect((await testApp.as(member).get(roomFileUrl.split('?')[0]!)).statusCode).toBe(410);
    expect((await testApp.as(null).get(memberFileUrl)).statusCode).toBe(410);
    expect((await testApp.as(owner).get(roomFileUrl.split('?')[0]!)).statusCode).toBe(200);
    expect((await testApp.as(owner).get(`/api/rooms/${room.id}`)).statusCode).toBe(200);
    expect((await restore('room', room.id)).statusCode).toBe(204);
    expect((await testApp.as(member).get(`/api/rooms/${room.id}`)).statusCode).toBe(200);
    expect(
      (await testApp.as(null).post('/api/rooms/link-preview', { kind: 'join', token: roomToken })).statusCode,
    ).toBe(200);
  });

  test('a live viewer of a shared clip is told at once', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'live' });
    await report({ kind: 'clip', link: clip.id, reason: 'malware' });
    const viewer = await sockets.connect(baseUrl, {});
    const joined = await new Promise((resolve) => viewer.emit('clip:join', { clipId: clip.id }, resolve));
    expect(joined).toEqual({ ok: true });
    const told = nextEvent(viewer, 'item:taken-down');
    expect((await takeDown('clip', clip.id)).statusCode).toBe(204);
    expect(await told).toEqual({ kind: 'clip', id: clip.id, message: TAKEN_DOWN_MESSAGE });
    const rejoin = await new Promise((resolve) => viewer.emit('clip:join', { clipId: clip.id }, resolve));
    expect(rejoin).toMatchObject({ ok: false });
  });

  test('dismiss closes the open reports and leaves the link working', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'harmless' });
    await report({ kind: 'clip', link: clip.id, reason: 'other' });
    const dismissed = await testApp.as(admin).post(`/api/admin/reports/clip/${clip.id}/dismiss`);
    expect(dismissed.statusCode).toBe(204);
    expect((await queue()).items.some((entry) => entry.id === clip.id)).toBe(false);
    expect((await queue('resolved')).items.find((entry) => entry.id === clip.id)?.takedown).toBeNull();
    expect((await testApp.as(null).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
  });

  test('the content is a separate call, refused (409) for an end-to-end encrypted clip', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'readable' });
    await report({ kind: 'clip', link: clip.id, reason: 'other' });
    const content = await testApp
      .api(admin)
      .call(MODERATION_ENDPOINTS.content, { params: { kind: 'clip', id: clip.id } });
    expect(content).toEqual({ texts: ['readable'], files: [] });

    const sealed = await testApp.as(owner).post('/api/clipboard', { content: 'envelope', encrypted: true });
    expect(sealed.statusCode).toBe(201);
    await report({ kind: 'clip', link: sealed.json<{ id: string }>().id, reason: 'other' });
    const refused = await testApp.as(admin).get(`/api/admin/reports/clip/${sealed.json<{ id: string }>().id}/content`);
    expect(refused.statusCode).toBe(409);
  });

  test('a reported clip its owner seals afterwards: its content is refused (409) from then on, only its facts shown', async () => {
    // A clip made before the encryption was turned on is plain, and reportable as any other.
    const plainOwner = await testApp.factory.user();
    const clip = await testApp.factory.clip({ owner: plainOwner, content: 'readable until sealed' });
    const sealingDevice = await sealedAccount(testApp, plainOwner);
    await report({ kind: 'clip', link: clip.id, reason: 'other' });
    const { clipKey, wrappedKey } = await sealingDevice.newClipKey();
    const form = multipartForm(
      { wrappedKey, content: await sealing.encryptText('readable until sealed', clipKey), version: '1' },
      [],
    );
    const sealed = await testApp
      .as(plainOwner)
      .inject('POST', `/api/clipboard/${clip.id}/seal`, form.payload, form.headers);
    expect(sealed.statusCode, sealed.body).toBe(200);
    const refused = await testApp.as(admin).get(`/api/admin/reports/clip/${clip.id}/content`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain('readable');
    const listed = await testApp.as(admin).get('/api/admin/reports');
    expect(listed.body).not.toContain('readable until sealed');
    expect(JSON.stringify(listed.json())).toContain(clip.id);
  });

  test('admins only: 401 signed out, 403 ADMIN_ONLY for a user, a token needs the admin scope', async () => {
    const user = await testApp.factory.user();
    expect((await testApp.as(null).get('/api/admin/reports')).statusCode).toBe(401);
    const refused = await testApp.as(user).get('/api/admin/reports');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    const narrow = await testApp.factory.token({ owner: admin, scopes: ['clips:read'] });
    const byNarrow = await testApp.as({ tokens: { access_token: narrow.token } }).get('/api/admin/reports');
    expect(byNarrow.statusCode).toBe(403);
    const wide = await testApp.factory.token({ owner: admin, scopes: ['admin'] });
    expect((await testApp.as({ tokens: { access_token: wide.token } }).get('/api/admin/reports')).statusCode).toBe(200);
    expect((await testApp.as(user).post('/api/admin/reports/clip/x/takedown', { reason: 'x' })).statusCode).toBe(403);
  });

  test('a taken-down desktop’s file links given to shared viewers answer 410; a clip’s files too', async () => {
    const user = await testApp.factory.user();
    const desktop = await testApp.factory.desktop({ owner: user });
    const { shareToken } = await testApp.api(user).call(DESKTOP_ENDPOINTS.share);
    const body = multipartFile('file', 'shared.txt', 'application/octet-stream', Buffer.from('shared bytes'));
    const uploaded = await testApp
      .as(user)
      .inject('POST', '/api/virtual-desktop/items/file', body.payload, body.headers);
    const fileUrl = uploaded.json<DesktopItem>().file_url!;
    expect((await testApp.as(null).get(fileUrl)).statusCode).toBe(200);
    await report({ kind: 'desktop', link: shareToken, reason: 'illegal' });
    expect((await takeDown('desktop', desktop.id)).statusCode).toBe(204);
    const refused = await testApp.as(null).get(fileUrl);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'TAKEN_DOWN' });
    expect((await restore('desktop', desktop.id)).statusCode).toBe(204);
    expect((await testApp.as(null).get(fileUrl)).statusCode).toBe(200);

    const clip = await testApp.factory.clip({ owner, content: 'with a file' });
    await testApp.factory.file({ owner, clipId: clip.id, name: 'c.txt', content: Buffer.from('c') });
    const [file] = (await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json<{ files: ClipFile[] }>().files;
    expect((await testApp.as(null).get(file!.url)).statusCode).toBe(200);
    await report({ kind: 'clip', link: clip.id, reason: 'malware' });
    expect((await takeDown('clip', clip.id)).statusCode).toBe(204);
    expect((await testApp.as(null).get(file!.url)).statusCode).toBe(410);
    expect((await testApp.as(owner).get(file!.url)).statusCode).toBe(200);
  });

  test('content: 404 for an item nobody reported; each read of a reported one is in the audit log', async () => {
    const unreported = await testApp.factory.clip({ owner, content: 'private' });
    const refused = await testApp.as(admin).get(`/api/admin/reports/clip/${unreported.id}/content`);
    expect(refused.statusCode).toBe(404);

    const clip = await testApp.factory.clip({ owner, content: 'look at me' });
    await report({ kind: 'clip', link: clip.id, reason: 'spam' });
    const read = await testApp.as(admin).get(`/api/admin/reports/clip/${clip.id}/content`);
    expect(read.statusCode).toBe(200);
    const log = (
      await testApp.as(admin).get(`/api/admin/audit?subject=${owner.id}&action=moderation.content`)
    ).json<AuditPage>();
    expect(log.events.filter((event) => event.targetId === clip.id)).toMatchObject([
      { kind: 'admin', actorId: admin.id, targetKind: 'clip', targetId: clip.id, subjectUserId: owner.id },
    ]);
    expect(log.events.some((event) => event.targetId === unreported.id)).toBe(false);
  });

  test('two takedowns of one item at once: one 204, one 409, never a 500', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'raced' });
    await report({ kind: 'clip', link: clip.id, reason: 'spam' });
    const answers = await Promise.all([takeDown('clip', clip.id), takeDown('clip', clip.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
  });

  test('a takedown’s audit entry names the item’s kind and id', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'audited' });
    await report({ kind: 'clip', link: clip.id, reason: 'spam' });
    expect((await takeDown('clip', clip.id)).statusCode).toBe(204);
    const log = (await testApp.as(admin).get(`/api/admin/audit?action=moderation.takeDown`)).json<AuditPage>();
    expect(log.events.find((event) => event.targetId === clip.id)).toMatchObject({ targetKind: 'clip' });
  });

  test('a report of a clip link that no longer works (spent, expired) is the same 404 as an unknown one', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'short-lived' });
    const { linkId } = await testApp
      .api(owner)
      .call(CLIP_ENDPOINTS.updateShare, { params: { id: clip.id }, body: { maxViews: 1 } });
    expect((await report({ kind: 'clip', link: linkId!, reason: 'spam' })).statusCode).toBe(204);
    const db = testApp.context.db;
    await db.update(clips).set({ shareViewsUsed: 1 }).where(eq(clips.id, clip.id));
    const spent = await report({ kind: 'clip', link: linkId!, reason: 'spam' });
    expect(spent.statusCode).toBe(404);
    const unknown = await report({ kind: 'clip', link: 'never-was', reason: 'spam' });
    const { requestId: _spentId, ...spentBody } = spent.json<{ requestId: string }>();
    const { requestId: _unknownId, ...unknownBody } = unknown.json<{ requestId: string }>();
    expect(spentBody).toEqual(unknownBody);
    await db
      .update(clips)
      .set({ shareViewsUsed: 0, shareExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(clips.id, clip.id));
    expect((await report({ kind: 'clip', link: linkId!, reason: 'spam' })).statusCode).toBe(404);
  });
});
