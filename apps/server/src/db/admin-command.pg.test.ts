import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { runAdminCommand } from './admin-command';
import { users } from './schema';

/**
 * The recovery command on PostgreSQL (DATABASE_URL), as an operator of several nodes runs it: beside a
 * running node, which sees the change at its next request, since the role is read from the database.
 */
describe('npm run admin on PostgreSQL, beside a running node', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await testApp.factory.user({ email: 'ada@example.com', role: 'admin' });
    await testApp.factory.user({ email: 'bob@example.com' });
  });
  afterAll(() => testApp.close());

  const admin = (...args: string[]) => runAdminCommand(args, testApp.config);
  const rolesNow = async () =>
    Object.fromEntries(
      (await testApp.context.db.select({ email: users.email, role: users.role }).from(users)).map((row) => [
        row.email,
        row.role,
      ]),
    );

  test('grants and revokes while the node serves, and keeps the last admin', async () => {
    expect(testApp.config.databaseUrl).toMatch(/^postgres/);
    expect(await admin('grant', 'bob@example.com')).toEqual({ exitCode: 0, line: 'bob@example.com is now an admin' });
    expect(await rolesNow()).toEqual({ 'ada@example.com': 'admin', 'bob@example.com': 'admin' });
    expect(await admin('revoke', 'ada@example.com')).toEqual({
      exitCode: 0,
      line: 'ada@example.com is no longer an admin',
    });
    expect(await admin('revoke', 'bob@example.com')).toEqual({
      exitCode: 1,
      line: 'At least one admin must remain: grant another account first',
    });
    expect(await rolesNow()).toEqual({ 'ada@example.com': 'user', 'bob@example.com': 'admin' });
  });
});
