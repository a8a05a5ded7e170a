import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { multipartFile } from '../../../test/multipart';

const KIB = 1024;

describe('what all LAN desktops store together is bounded', () => {
  let testApp: TestApp;
  /** A signed-out upload to the LAN desktop of the caller's network (inject sets the socket's address). */
  const uploadFrom = (remoteAddress: string, bytes: number) => {
    const body = multipartFile('file', 'notes.bin', 'application/octet-stream', Buffer.alloc(bytes, 1));
    return testApp.app.inject({
      method: 'POST',
      url: '/api/virtual-desktop/items/file',
      payload: body.payload,
      headers: body.headers,
      remoteAddress,
    });
  };

  beforeAll(async () => {
    testApp = await buildTestApp({
      RATE_LIMIT_PER_MINUTE: '100000',
      STORAGE_QUOTA_BYTES: String(1024 * KIB),
      LAN_STORAGE_BYTES_MAX: String(10 * KIB),
    });
  });
  afterAll(() => testApp.close());

  test('each network is within its own quota, yet past LAN_STORAGE_BYTES_MAX the next network is refused', async () => {
    expect((await uploadFrom('203.0.113.1', 6 * KIB)).statusCode).toBe(201);
    const refused = await uploadFrom('2001:db8:4:1::1', 6 * KIB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(refused.json().error).toMatch(/local networks/);
    // What still fits in the total is taken, then nothing more, from any network.
    expect((await uploadFrom('198.51.100.2', 4 * KIB)).statusCode).toBe(201);
    expect((await uploadFrom('198.51.100.3', 1)).statusCode).toBe(413);
  });

  test('uploads of many networks at once cannot pass the total together', async () => {
    const fresh = await buildTestApp({
      RATE_LIMIT_PER_MINUTE: '100000',
      STORAGE_QUOTA_BYTES: String(1024 * KIB),
      LAN_STORAGE_BYTES_MAX: String(10 * KIB),
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 6 }, (_, index) => {
          const body = multipartFile('file', 'a.bin', 'application/octet-stream', Buffer.alloc(4 * KIB, 1));
          return fresh.app
            .inject({
              method: 'POST',
              url: '/api/virtual-desktop/items/file',
              payload: body.payload,
              headers: body.headers,
              remoteAddress: `203.0.113.${50 + index}`,
            })
            .then((res) => res.statusCode);
        }),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 413)).toHaveLength(4);
    } finally {
      await fresh.close();
    }
  });
});
