import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** PostgreSQL leg only: a database restart drops every connection; the process must survive it. */
describe('PostgreSQL connection loss', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  test('terminated connections do not crash the server; the pool reconnects', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const databaseName = new URL(testApp.config.databaseUrl ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const afterLoss = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect([200, 503]).toContain(afterLoss.statusCode);
    const recovered = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(recovered.statusCode).toBe(200);
  });
});
