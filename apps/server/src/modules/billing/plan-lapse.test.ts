import type { RoomContentItem, RoomDetail, SocketAck } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { nextEvent, socketPool, type TestSocket } from '../../../test/socket-client';
import {
  billingRowOf,
  buildBillingTestApp,
  deliver,
  nowSeconds,
  signedUpDaysAgo,
  stripeEvent,
  stripeId,
  subscriptionObject,
  TEST_PRICES,
  type BillingTestApp,
} from '../../../test/stripe-billing';

/** Set-up creates users (argon2 hashes) through the API: slow on a busy shared machine. */
const SEED_TIMEOUT_MS = 120_000;

type AckResult = Parameters<SocketAck>[0];

const OWNER_REFUSAL =
  'Your plan has lapsed, so your rooms are read-only. Upgrade to the Advanced plan to change them again.';
const MEMBER_REFUSAL = "This room is read-only: the room owner's plan has lapsed. Ask them to renew the Advanced plan.";

/**
 * A room and a desktop share link live on their owner's plan, asked on every use: an owner whose trial
 * ended and whose subscription was deleted has read-only rooms (for every member) and share links that
 * answer as unknown ones, and a new subscription brings all of it back.
 */
describe("rooms and desktop share links follow their owner's current plan", () => {
  let testApp: BillingTestApp;
  let baseUrl: string;
  let owner: TestUser;
  let member: TestUser;
  let newcomer: TestUser;
  let customer: string;
  let room: RoomDetail;
  let shareToken: string;
  let desktopId: string;
  const sockets = socketPool();

  const post = (user: TestUser, content: string) => testApp.as(user).post(`/api/rooms/${room.id}/content`, { content });
  const upload = (user: TestUser, name: string) => {
    const body = multipartFile('file', name, 'text/plain', Buffer.from(`bytes of ${name}`));
    return testApp.as(user).inject('POST', `/api/rooms/${room.id}/upload`, body.payload, body.headers);
  };
  const addMember = (user: TestUser, email: string) =>
    testApp.as(user).post(`/api/rooms/${room.id}/members`, { email });
  const joinRoomChannel = (socket: TestSocket) =>
    new Promise<AckResult>((resolve) => socket.emit('room:join', { roomId: room.id }, resolve));
  const joinSharedDesktop = (socket: TestSocket) =>
    new Promise<AckResult>((resolve) =>
      socket.emit('join:desktop:network', { networkId: desktopId, desktopId: shareToken }, resolve),
    );
  const subscription = (type: 'created' | 'deleted', id: string, status: string, created?: number) =>
    deliver(
      testApp,
      stripeEvent(
        `customer.subscription.${type}`,
        subscriptionObject({ id, customer, price: TEST_PRICES.advanced.month, status }),
        created,
      ),
    );

  let text: RoomContentItem;
  let earlyViewer: TestSocket;
  let ownerSocket: TestSocket;

  beforeAll(async () => {
    testApp = await buildBillingTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    baseUrl = await testApp.listen();
    [owner, member, newcomer] = [
      await testApp.factory.user(),
      await testApp.factory.user(),
      await testApp.factory.user(),
    ];
    // All made during the owner's trial.
    room = await testApp.factory.room({ owner, isPrivate: true });
    await testApp.factory.roomMember({ by: owner, roomId: room.id, member });
    shareToken = (await testApp.as(owner).post('/api/virtual-desktop/share')).json().shareToken;
    desktopId = (await testApp.as(owner).get('/api/virtual-desktop')).json().id;
    await testApp.as(owner).post('/api/virtual-desktop/items/text', { content: 'on the desktop' });
    expect((await testApp.as(owner).post('/api/stripe/checkout', { plan: 'advanced' })).statusCode).toBe(200);
    const stored = (await billingRowOf(testApp, owner.id))?.stripeCustomerId;
    if (!stored) throw new Error('no customer stored');
    customer = stored;

    // Paid, then the trial ends and the subscription is deleted.
    const subscriptionId = stripeId('sub');
    expect((await subscription('created', subscriptionId, 'active')).statusCode).toBe(200);
    // A viewer who opened the link while it was paid for, and the owner's own device, both listening.
    earlyViewer = await sockets.connect(baseUrl);
    expect(await joinSharedDesktop(earlyViewer)).toEqual({ ok: true });
    ownerSocket = await sockets.connect(baseUrl, { token: owner.tokens.access_token });
    expect(
      await new Promise<AckResult>((resolve) =>
        ownerSocket.emit('join:desktop:network', { networkId: desktopId }, resolve),
      ),
    ).toEqual({ ok: true });
    text = (await post(member, 'written while paid')).json();
    expect((await upload(member, 'kept.txt')).statusCode).toBe(201);
    await signedUpDaysAgo(testApp, owner.id, 10);
    expect((await post(owner, 'still paid')).statusCode).toBe(201);
    expect((await subscription('deleted', subscriptionId, 'canceled')).statusCode).toBe(200);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    sockets.closeAll();
    await testApp.close();
  });

  test.each([
    ['the owner', () => owner, OWNER_REFUSAL],
    ['a member', () => member, MEMBER_REFUSAL],
  ])('%s of a lapsed room gets 402 on content, upload and add-member', async (_who, userOf, refusal) => {
    const user = userOf();
    for (const res of [
      await post(user, 'refused'),
      await upload(user, 'refused.txt'),
      await addMember(user, newcomer.email),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        code: 'PLAN_REQUIRED',
        requiredPlan: 'advanced',
        error: refusal,
        requestId: expect.any(String),
      });
    }
  });

  test('every other change is refused too: edit, delete, settings, the invite link, joining by it', async () => {
    const refused = [
      await testApp.as(member).patch(`/api/rooms/${room.id}/content/${text.id}`, { content: 'edited' }),
      await testApp.as(member).delete(`/api/rooms/${room.id}/content/${text.id}`),
      await testApp.as(owner).patch(`/api/rooms/${room.id}`, { name: 'Renamed' }),
      await testApp.as(owner).post(`/api/rooms/${room.id}/share-token`),
      await testApp.as(newcomer).post('/api/rooms/join', { shareToken: room.shareToken }),
    ];
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual(refused.map(() => [402, 'PLAN_REQUIRED']));
  });

  test('reading and downloading go on, with the write actions withheld and the reason given', async () => {
    for (const user of [owner, member]) {
      const detail = await testApp.as(user).get(`/api/rooms/${room.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        name: room.name,
        readOnly: { reason: 'ownerPlanLapsed', requiredPlan: 'advanced' },
        abilities: { addContent: false, addMember: false, deleteContent: false, update: false, viewActivity: true },
        contentTotal: 3,
      });
      const items: RoomContentItem[] = detail.json().content;
      for (const item of items) expect(item.abilities).toEqual({ edit: false, delete: false });
      const file = items.find((item) => item.file_name === 'kept.txt');
      const download = await testApp.app.inject({ method: 'GET', url: file?.file_url ?? '' });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('bytes of kept.txt');
      expect((await testApp.as(user).get(`/api/rooms/${room.id}/content`)).statusCode).toBe(200);
      expect((await testApp.as(user).get('/api/rooms')).json()[0]).toMatchObject({
        readOnly: { reason: 'ownerPlanLapsed' },
        abilities: { addContent: false },
      });
    }
  });

  test("listening is reading: a member's socket still joins the room's channel", async () => {
    const memberSocket = await sockets.connect(baseUrl, { token: member.tokens.access_token });
    expect(await joinRoomChannel(memberSocket)).toEqual({ ok: true });
  });

  test('the desktop share link answers as an unknown one, for reads, writes and its channel', async () => {
    const unknown = await testApp.as(null).get('/api/virtual-desktop/shared/no-such-token-at-all');
    const shared = await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`);
    expect(shared.statusCode).toBe(404);
    expect({ ...shared.json(), requestId: null }).toEqual({ ...unknown.json(), requestId: null });
    const write = await testApp
      .as(null)
      .post('/api/virtual-desktop/items/text', { content: 'via the link', desktopId: shareToken });
    expect(write.statusCode).toBe(404);
    const viewer = await sockets.connect(baseUrl);
    expect(await joinSharedDesktop(viewer)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    // The owner's own desktop is theirs whatever the plan; nothing was revoked or deleted.
    const own = (await testApp.as(owner).get('/api/virtual-desktop')).json();
    expect(own).toMatchObject({ shareToken, items: [{ content: 'on the desktop' }] });
  });

  test("a viewer who joined by the link before the lapse hears nothing after it; the owner's devices do", async () => {
    const heardByViewer: string[] = [];
    earlyViewer.on('desktop:item:new', ({ item }) => heardByViewer.push(item.content ?? ''));
    const arrived = nextEvent(ownerSocket, 'desktop:item:new');
    const added = await testApp.as(owner).post('/api/virtual-desktop/items/text', { content: 'after the lapse' });
    expect(await arrived).toMatchObject({ item: { content: 'after the lapse' } });
    // Both sockets are on this process: had the viewer still been in the channel, it would have it by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByViewer).toEqual([]);
    expect((await testApp.as(owner).delete(`/api/virtual-desktop/items/${added.json().id}`)).statusCode).toBe(204);
  });

  test('a new active subscription brings every change and the share link back', async () => {
    // A purchase after the deletion (Stripe orders a subscription's events by their time, to the second).
    const later = nowSeconds() + 2;
    expect((await subscription('created', stripeId('sub'), 'active', later)).statusCode).toBe(200);
    for (const user of [owner, member]) {
      expect((await post(user, 'back again')).statusCode).toBe(201);
      expect((await upload(user, 'back.txt')).statusCode).toBe(201);
    }
    expect((await addMember(member, newcomer.email)).statusCode).toBe(202);
    const detail = (await testApp.as(owner).get(`/api/rooms/${room.id}`)).json();
    expect(detail).toMatchObject({ readOnly: null, abilities: { addContent: true, update: true } });

    const shared = await testApp.as(null).get(`/api/virtual-desktop/shared/${shareToken}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().items).toMatchObject([{ content: 'on the desktop' }]);
    const viewer = await sockets.connect(baseUrl);
    expect(await joinSharedDesktop(viewer)).toEqual({ ok: true });
  });
});
