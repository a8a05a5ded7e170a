import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { logRecorder } from '../../test/log-recorder';
import { users } from './schema';
import { runAdminCommand } from './admin-command';
import { dataDirWithDatabase } from '../../test/pglite-data-dir';

/**
 * The recovery command against an embedded database in a folder of its own, as an operator runs it on the
 * server's machine: between two starts of the server, and once while it runs.
 */
describe('npm run admin -- grant|revoke EMAIL', () => {
  let dataDir: string;
  let testApp: TestApp | undefined;
  const startServer = async (env: Record<string, string> = {}, log = logRecorder()) => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { dataDir, logStream: log.stream });
    await testApp.app.ready();
    return testApp;
  };
  const stopServer = async () => {
    await testApp?.close();
    testApp = undefined;
  };
  let config: TestApp['config'];
  const admin = (...args: string[]) => runAdminCommand(args, config);

  beforeAll(async () => {
    dataDir = await dataDirWithDatabase('clipsync-admin-');
    const app = await startServer();
    config = app.config;
    await app.factory.user({ email: 'ada@example.com' });
    await app.factory.user({ email: 'bob@example.com' });
    await app.factory.user({ email: 'named@example.com' });
    await stopServer();
  }, 240_000);
  afterAll(async () => {
    await stopServer();
    await rm(dataDir, { recursive: true, force: true });
  });

  test(
    'ADMIN_EMAILS makes existing accounts admins at start, which then says nothing of a first admin',
    { timeout: 120_000 },
    async () => {
      const log = logRecorder();
      const app = await startServer({ ADMIN_EMAILS: 'named@example.com' }, log);
      expect(log.lines.map((line) => line.msg).filter((message) => message.startsWith('No admin yet'))).toEqual([]);
      const roles = await app.context.db.select({ email: users.email, role: users.role }).from(users);
      expect(Object.fromEntries(roles.map((row) => [row.email, row.role]))).toEqual({
        'ada@example.com': 'user',
        'bob@example.com': 'user',
        'named@example.com': 'admin',
      });
      await stopServer();
    },
  );

  test(
    'while the server runs, the command says the database is in use and changes nothing',
    { timeout: 120_000 },
    async () => {
      await startServer();
      expect(await admin('grant', 'ada@example.com')).toEqual({
        exitCode: 1,
        line: 'The embedded database in DATA_DIR is in use by a running ClipSync server: stop it, run this again, then start it',
      });
      await stopServer();
    },
  );

  test('grant and revoke, one line each; the last admin stays', { timeout: 120_000 }, async () => {
    expect(await admin('grant', 'Ada@Example.com')).toEqual({ exitCode: 0, line: 'ada@example.com is now an admin' });
    expect(await admin('grant', 'ada@example.com')).toEqual({
      exitCode: 0,
      line: 'ada@example.com is already an admin',
    });
    expect(await admin('revoke', 'named@example.com')).toEqual({
      exitCode: 0,
      line: 'named@example.com is no longer an admin',
    });
    expect(await admin('revoke', 'ada@example.com')).toEqual({
      exitCode: 1,
      line: 'At least one admin must remain: grant another account first',
    });
    expect(await admin('revoke', 'bob@example.com')).toEqual({ exitCode: 0, line: 'bob@example.com is not an admin' });
  });

  test('an unknown address, or a wrong command, says so', { timeout: 120_000 }, async () => {
    expect(await admin('grant', 'nobody@example.com')).toEqual({
      exitCode: 1,
      line: 'No account has the address nobody@example.com',
    });
    const usage = { exitCode: 1, line: 'usage: npm run admin -- grant EMAIL | revoke EMAIL' };
    expect(await admin('promote', 'ada@example.com')).toEqual(usage);
    expect(await admin('grant', 'not-an-address')).toEqual(usage);
    expect(await admin('grant')).toEqual(usage);
    // The server would make it an admin again at its next start.
    const listed = { ...config, registration: { ...config.registration, adminEmails: ['named@example.com'] } };
    expect(await runAdminCommand(['revoke', 'named@example.com'], listed)).toEqual({
      exitCode: 1,
      line: 'named@example.com is in ADMIN_EMAILS: remove it from there first',
    });
  });
});
