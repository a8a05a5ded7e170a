import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { AppError } from '../lib/app-error';

/** Routes registered by the test only, to drive each branch of the one error handler. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/echo', { schema: { body: z.object({ name: z.string().min(1) }) } }, async (req) => ({
    name: req.body.name,
  }));
  app.get('/forbidden', async () => {
    throw new AppError('FORBIDDEN');
  });
  app.get('/crash', async () => {
    throw new Error('secret internals: password=hunter2');
  });
  app.get('/db-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
};

describe('error model { error, code }', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
    await testApp.app.register(probeRoutes, { prefix: '/probe' });
  });
  afterAll(() => testApp.close());

  test('unknown API route is a JSON 404', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  test('unknown non-GET route is a JSON 404 too', async () => {
    const res = await testApp.app.inject({ method: 'DELETE', url: '/anything' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  test('malformed JSON body is a 400, not a 500', async () => {
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The request body is not valid JSON',
      code: 'MALFORMED_JSON',
      requestId: expect.any(String),
    });
  });

  test('schema violations, AppErrors, crashes and database outages map to their statuses', async () => {
    const invalid = await testApp.app.inject({ method: 'POST', url: '/probe/echo', payload: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(invalid.json().error).toContain('name');

    const forbidden = await testApp.app.inject({ method: 'GET', url: '/probe/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: 'You are not allowed to do this',
      code: 'FORBIDDEN',
      requestId: expect.any(String),
    });

    const crash = await testApp.app.inject({ method: 'GET', url: '/probe/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ error: 'Server error', code: 'INTERNAL', requestId: expect.any(String) });
    expect(crash.body).not.toContain('hunter2');
    // The id to quote when reporting a failure: a UUID of its own for every request, never a counter.
    const again = await testApp.app.inject({ method: 'GET', url: '/probe/crash' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(crash.json().requestId).toMatch(uuid);
    expect(again.json().requestId).toMatch(uuid);
    expect(again.json().requestId).not.toBe(crash.json().requestId);

    const dbDown = await testApp.app.inject({ method: 'GET', url: '/probe/db-down' });
    expect(dbDown.statusCode).toBe(503);
    expect(dbDown.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });

  test('a body over the limit is a 413', async () => {
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(6_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
