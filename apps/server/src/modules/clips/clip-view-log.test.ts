import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { USER_AGENTS } from '../../../test/user-agents';

describe('view log: one visit, one entry', () => {
  let testApp: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp();
    owner = await testApp.factory.user({ name: 'Olive Owner' });
  });
  afterAll(() => testApp.close());

  const read = (id: string, query = '') =>
    testApp.as(null).inject('GET', `/api/clipboard/${id}${query}`, undefined, {
      'user-agent': USER_AGENTS.firefoxLinux,
    });
  const logOf = async (clipId: string) =>
    (await testApp.as(owner).get(`/api/clipboard/${clipId}/views`)).json().views as unknown[];

  test("the viewer page's refresh after joining live updates is the same visit; a new visit is a new entry", async () => {
    const clip = await testApp.factory.clip({ owner, content: 'plain and unlimited' });

    // What a signed-out visit does: read the clip, join its channel, read it again for saves it missed.
    expect((await read(clip.id)).statusCode).toBe(200);
    const refreshed = await read(clip.id, '?refresh=true');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ content: 'plain and unlimited' });
    expect(await logOf(clip.id)).toHaveLength(1);

    // A reload, another tab, another person: another visit.
    expect((await read(clip.id)).statusCode).toBe(200);
    expect(await logOf(clip.id)).toHaveLength(2);
  });

  test('a refresh with no visit logged before it is logged: the flag cannot keep a read out of the log', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'plain and unlimited' });
    expect((await read(clip.id, '?refresh=true')).statusCode).toBe(200);
    expect(await logOf(clip.id)).toHaveLength(1);
    // Another browser's "refresh" is not this visit's either.
    const other = await testApp.as(null).inject('GET', `/api/clipboard/${clip.id}?refresh=true`, undefined, {
      'user-agent': USER_AGENTS.chromeDesktop,
    });
    expect(other.statusCode).toBe(200);
    expect(await logOf(clip.id)).toHaveLength(2);
  });

  test('a refresh flag that is not a boolean is a 400, never a 500', async () => {
    const clip = await testApp.factory.clip({ owner, content: 'plain' });
    const res = await read(clip.id, '?refresh=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
