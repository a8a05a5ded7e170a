import { ClipOrCard } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { USER_AGENTS } from '../../../test/user-agents';

describe('a shared clip opened by many', () => {
  let testApp: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user();
    admin = await testApp.factory.user({ role: 'admin' });
  });
  afterAll(() => testApp.close());

  const read = (id: string) =>
    testApp.as(null).inject('GET', `/api/clipboard/${id}`, undefined, { 'user-agent': USER_AGENTS.firefoxLinux });

  test('a save, a favourite, new link settings and a stopped link are answered at once', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'first' });
    expect((await read(clip.id)).json()).toMatchObject({ content: 'first', isFavorite: false });
    expect((await read(clip.id)).json()).toMatchObject({ content: 'first' });

    expect((await testApp.as(owner).put(`/api/clipboard/${clip.id}`, { content: 'second' })).statusCode).toBe(200);
    expect((await read(clip.id)).json()).toMatchObject({ content: 'second' });

    expect((await testApp.as(owner).post(`/api/clipboard/${clip.id}/favorite`)).statusCode).toBe(200);
    expect((await read(clip.id)).json()).toMatchObject({ content: 'second', isFavorite: true });

    const share = `/api/clipboard/${clip.id}/share`;
    expect((await testApp.as(owner).put(share, { maxViews: 3 })).statusCode).toBe(200);
    expect((await read(clip.id)).json()).not.toHaveProperty('content');
    expect((await testApp.as(owner).put(share, { maxViews: null })).statusCode).toBe(200);
    expect((await read(clip.id)).json()).toMatchObject({ content: 'second' });

    expect((await testApp.as(owner).delete(share)).statusCode).toBe(204);
    expect((await read(clip.id)).statusCode).toBe(404);
  });

  test('a deleted clip, a takedown and a deleted account end the answer at once', async () => {
    const deleted = await testApp.factory.clip({ owner, content: 'going' });
    expect((await read(deleted.id)).statusCode).toBe(200);
    expect((await testApp.as(owner).delete(`/api/clipboard/${deleted.id}`)).statusCode).toBe(204);
    expect((await read(deleted.id)).statusCode).toBe(404);

    const reported = await testApp.factory.clip({ owner, content: 'reported' });
    expect((await read(reported.id)).statusCode).toBe(200);
    const takedown = `/api/admin/reports/clip/${reported.id}/takedown`;
    expect((await testApp.as(admin).post(takedown, { reason: 'spam' })).statusCode).toBe(204);
    expect((await read(reported.id)).statusCode).toBe(410); // what a taken-down clip answers others

    const leaving = await testApp.factory.user();
    const theirs = await testApp.factory.clip({ owner: leaving, content: 'theirs' });
    expect((await read(theirs.id)).statusCode).toBe(200);
    const removal = await testApp
      .as(admin)
      .inject('DELETE', `/api/admin/users/${leaving.id}`, { email: leaving.email });
    expect(removal.statusCode).toBe(204);
    expect((await read(theirs.id)).statusCode).toBe(404);
  });

  test('an expiring link is read each time, so it ends at its time', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'briefly' });
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    expect((await testApp.as(owner).put(`/api/clipboard/${clip.id}/share`, { expiresAt })).statusCode).toBe(200);
    expect((await read(clip.id)).statusCode).toBe(200);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect((await read(clip.id)).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  test("every answer's bytes are those the response schema writes: a remembered one, the owner's, a card", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'bytes' });
    const share = `/api/clipboard/${clip.id}/share`;
    const answers = [
      await read(clip.id),
      await read(clip.id),
      await testApp.as(owner).get(`/api/clipboard/${clip.id}`),
    ];
    expect((await testApp.as(owner).put(share, { maxViews: 2 })).statusCode).toBe(200);
    answers.push(await read(clip.id), await testApp.as(owner).get(`/api/clipboard/${clip.id}`));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify(ClipOrCard.encode(answer.json())));
    }
  });
});
