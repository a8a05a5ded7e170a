import type { CreatedDeviceSends, Device, DeviceSendPayload } from '@clipsync/shared';
import { inArray, sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { startOwnRedis, type OwnService } from '../../../../test/own-services';
import type { TestSocket } from '../../../../test/socket-client';
import { createTestDatabase } from '../../../../test/test-database';
import { deviceSends } from '../../../db/schema/index';
import { createDeviceSendsContext } from './device-sends.context';
import { redeliverUnacknowledged } from './device-sends.service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two nodes on one PostgreSQL database and one Redis (the `server-cluster` leg; a Redis of this file's own, so
 * that no other file's nodes share its channels): a send made on one node reaches the device's socket on the
 * other, and a lost acknowledgement is redelivered by whichever node's job runs.
 */
describe('sending to devices across two nodes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: OwnService;
  let nodeA: TestApp;
  let nodeB: TestApp;
  let urlB: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [database, redis] = await Promise.all([createTestDatabase(), startOwnRedis()]);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      // A send falls due a minute after its handover, far beyond an acknowledgement's time on loaded cores; the
      // test dates a handover back to make it due, and the nodes' jobs (every 50 ms) do the rest.
      DEVICE_SEND_REDELIVER_MS: '60000',
      DEVICE_SEND_SCAN_MS: '50',
    };
    nodeA = await buildTestApp(env);
    nodeB = await buildTestApp(env);
    await nodeA.listen();
    urlB = await nodeB.listen();
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([nodeA?.close(), nodeB?.close()]);
    await Promise.all([database?.drop(), redis?.destroy()]);
  });

  test('sent on node A to a device whose socket is on node B: delivered, once acknowledged; a lost ack redelivered once', async () => {
    const owner = await nodeA.factory.user();
    const phone = { tokens: await nodeA.factory.session(owner) };
    const device = (await nodeA.as(phone).post('/api/devices', { name: 'Phone', kind: 'browser' })).json<Device>();
    const received: DeviceSendPayload[] = [];
    let ackFirstOnly = true;
    const socket: TestSocket = io(urlB, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: phone.tokens.access_token },
    });
    sockets.push(socket);
    socket.on('device:send', (send) => {
      received.push(send);
      // The first send is acknowledged at once; the second's first acknowledgement is "lost".
      if (send.text === 'one' || !ackFirstOnly) socket.emit('device:send-ack', { id: send.id });
      else ackFirstOnly = false;
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    const one = await nodeA.as(owner).post('/api/device-sends', { to: [device.id], text: 'one' });
    expect(one.json<CreatedDeviceSends>().sends[0]?.status).toBe('delivered');
    const two = await nodeA.as(owner).post('/api/device-sends', { to: [device.id], text: 'two' });
    expect(two.json<CreatedDeviceSends>().sends[0]?.status).toBe('delivered');

    const timesReceived = (text: string) => received.filter((send) => send.text === text).length;
    const until = async (check: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(received.map(({ text }) => text))}`);
        await sleep(25);
      }
    };
    const ids = [one, two].map((res) => res.json<CreatedDeviceSends>().sends[0]!.id);
    const acknowledged = async () =>
      (await nodeA.context.db.select().from(deviceSends).where(inArray(deviceSends.id, ids))).filter(
        ({ ackedAt }) => ackedAt !== null,
      ).length;
    const datedBack = () =>
      nodeA.context.db
        .update(deviceSends)
        .set({ deliveredAt: sql`now() - interval '1 hour'` })
        .where(inArray(deviceSends.id, ids));

    await until(async () => timesReceived('two') === 1 && (await acknowledged()) === 1);
    // 'two' looks handed over an hour ago without an acknowledgement: a node's job hands it over again.
    await datedBack();
    await until(async () => timesReceived('two') === 2 && (await acknowledged()) === 2);
    // Both acknowledged: dated back again and the job run, neither is handed over once more.
    await datedBack();
    await redeliverUnacknowledged(createDeviceSendsContext(nodeA.context));
    await sleep(300);
    expect(received.filter(({ text }) => text === 'one')).toHaveLength(1);
    expect(received.filter(({ text }) => text === 'two').map(({ id }) => id)).toEqual([
      two.json<CreatedDeviceSends>().sends[0]?.id,
      two.json<CreatedDeviceSends>().sends[0]?.id,
    ]);
    expect((await nodeB.as(phone).get('/api/device-sends/pending')).json().sends).toEqual([]);
  });
});
