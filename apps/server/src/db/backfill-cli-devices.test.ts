import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Device } from '@clipsync/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { TestUser } from '../../test/factories';
import { serverRoot } from '../server-root';
import { devices, personalAccessTokens, sessions } from './schema';

/**
 * Migration 0024: a device sign-in's token made before sign-ins made devices has none, so its CLI is missing
 * from My devices and cannot be sent to. The test app is already migrated (0024 found nothing then): tokens
 * are made as such a sign-in left them (the device row deleted), and the migration's SQL is run again, as
 * the migrator runs it, on PGlite and (TEST_DB=postgres) on PostgreSQL.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function runBackfill() {
  const file = await readFile(join(serverRoot, 'src/db/migrations/0024_backfill_cli_devices.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await testApp.context.db.execute(sql.raw(statement));
  }
}

/** The CLI's device sign-in, approved by `owner`: its token's session. */
async function signInCli(owner: TestUser, clientName: string): Promise<string> {
  await testApp.factory.deviceSignIn({ owner, clientName });
  const [token] = await testApp.context.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.name, clientName));
  return token!.sessionId;
}

/** As the sign-in left it before devices existed: the token, no device. */
async function withoutDevice(sessionId: string) {
  await testApp.context.db.delete(devices).where(eq(devices.sessionId, sessionId));
}

const listed = async (owner: TestUser) => (await testApp.as(owner).get('/api/devices')).json<{ devices: Device[] }>();

test("a live device sign-in's token without a device gets one CLI device, once; others are left alone", async () => {
  const owner = await testApp.factory.user();
  const old = await signInCli(owner, 'old laptop');
  const unnamed = await signInCli(owner, 'renamed below');
  const revoked = await signInCli(owner, 'revoked laptop');
  const kept = await signInCli(owner, 'kept laptop');
  await Promise.all([old, unnamed, revoked].map(withoutDevice));
  // A name that trims to nothing is called "CLI", as a sign-in names it; one too long is cut to 64 characters.
  await testApp.context.db
    .update(personalAccessTokens)
    .set({ name: '   ' })
    .where(eq(personalAccessTokens.sessionId, unnamed));
  await testApp.context.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked));
  const manual = await testApp.as(owner).post('/api/tokens', { name: 'script', scopes: ['clips:read'] });
  expect(manual.statusCode).toBe(201);
  const [keptDevice] = await testApp.context.db.select().from(devices).where(eq(devices.sessionId, kept));
  expect((await listed(owner)).devices.map(({ name }) => name)).toEqual(['kept laptop']);

  await runBackfill();
  await runBackfill();

  const rows = await testApp.context.db
    .select()
    .from(devices)
    .where(inArray(devices.sessionId, [old, unnamed, revoked, kept]));
  expect(
    rows.map(({ sessionId, name, kind }) => ({ sessionId, name, kind })).sort((a, b) => a.name.localeCompare(b.name)),
  ).toEqual([
    { sessionId: unnamed, name: 'CLI', kind: 'cli' },
    { sessionId: kept, name: 'kept laptop', kind: 'cli' },
    { sessionId: old, name: 'old laptop', kind: 'cli' },
  ]);
  expect(rows.find((row) => row.sessionId === kept)?.id).toBe(keptDevice?.id);
  expect(rows.every((row) => /^[A-Za-z0-9_-]{22}$/.test(row.id))).toBe(true);
  expect(rows.every((row) => row.userId === owner.id && row.receivePolicy === 'ask')).toBe(true);

  // Back in My devices, and it can be sent to again.
  const shown = (await listed(owner)).devices;
  expect(shown.map(({ name }) => name).sort()).toEqual(['CLI', 'kept laptop', 'old laptop']);
  const oldDevice = shown.find((device) => device.name === 'old laptop');
  const sent = await testApp.as(owner).post('/api/device-sends', { to: [oldDevice?.id], text: 'hello, old laptop' });
  expect(sent.statusCode).toBe(201);
  expect(sent.json()).toEqual({ sends: [expect.objectContaining({ deviceId: oldDevice?.id })] });
});

test('a name over 64 characters is cut to 64, as a sign-in cuts it', async () => {
  const owner = await testApp.factory.user();
  const session = await signInCli(owner, 'long name');
  await withoutDevice(session);
  await testApp.context.db
    .update(personalAccessTokens)
    .set({ name: ` ${'x'.repeat(70)} ` })
    .where(eq(personalAccessTokens.sessionId, session));
  await runBackfill();
  const [row] = await testApp.context.db.select().from(devices).where(eq(devices.sessionId, session));
  expect(row?.name).toBe('x'.repeat(64));
});
