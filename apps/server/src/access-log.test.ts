import { API_BASE, API_TABLES, APP_ROUTES, type HttpMethod } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { TestUser } from '../test/factories';
import { logRecorder } from '../test/log-recorder';
import { newId } from './lib/secure-tokens';

/**
 * Each path parameter of the API and the app that the log must not keep: a `link` opens something by
 * itself (logged as `…`), a `name` is a file's private name (dropped with what follows). Parameters not
 * named here are kept: each route with parameters is listed, so a new one fails until it is classified.
 */
const HIDDEN_PARAMS: Record<string, Record<string, 'link' | 'name'>> = {
  // A clip's id is its public link; a clip file's id reaches the clip as its link does.
  '/api/clipboard/:id': { id: 'link' },
  '/api/clipboard/:id/favorite': { id: 'link' },
  '/api/clipboard/:id/files': { id: 'link' },
  '/api/clipboard/:id/files/:fileId': { id: 'link', fileId: 'link' },
  '/api/clipboard/:id/open': { id: 'link' },
  '/api/clipboard/:id/seal': { id: 'link' },
  '/api/clipboard/:id/share': { id: 'link' },
  '/api/clipboard/:id/unseal': { id: 'link' },
  '/api/clipboard/:id/views': { id: 'link' },
  '/api/files/:fileId/:name': { fileId: 'link', name: 'name' },
  '/clips/:clipId': { clipId: 'link' },
  // A public room opens to any signed-in user who has its id; its invite link joins it.
  '/api/rooms/:id': { id: 'link' },
  '/api/rooms/:id/activity': { id: 'link' },
  '/api/rooms/:id/content': { id: 'link' },
  '/api/rooms/:id/content/:contentId': { id: 'link' },
  '/api/rooms/:id/files/:fileId/:name': { id: 'link', name: 'name' },
  '/api/rooms/:id/invitations': { id: 'link' },
  '/api/rooms/:id/invitations/:invitationId': { id: 'link' },
  '/api/rooms/:id/leave': { id: 'link' },
  '/api/rooms/:id/members': { id: 'link' },
  '/api/rooms/:id/members/:memberId': { id: 'link' },
  '/api/rooms/:id/share-token': { id: 'link' },
  '/api/rooms/:id/upload': { id: 'link' },
  '/rooms/:roomId': { roomId: 'link' },
  '/rooms/join/:token': { token: 'link' },
  '/rooms/invite/:token': { token: 'link' },
  // A desktop's share link; a desktop file's name (its id needs the signed `access` of the query).
  '/api/virtual-desktop/shared/:token': { token: 'link' },
  '/desktop/shared/:token': { token: 'link' },
  '/api/virtual-desktop/files/:id/:name': { name: 'name' },
  '/api/virtual-desktop/items/:id': {},
  // A kept share's claim link.
  '/api/share-claims/:token': { token: 'link' },
  '/api/share-claims/:token/claim': { token: 'link' },
  // A reported item's id: a clip's is its link, a room's opens it.
  '/api/admin/reports/:kind/:id/content': { id: 'link' },
  '/api/admin/reports/:kind/:id/takedown': { id: 'link' },
  '/api/admin/reports/:kind/:id/dismiss': { id: 'link' },
  // Ids that open nothing without the account they belong to.
  '/api/devices/:id': {},
  '/api/device-sends/:id/ack': {},
  '/api/nearness/challenges/:challengeId/proof': {},
  '/api/tokens/:id': {},
  // An admin's mailed invitation to sign up; an invitation's id, which opens nothing without an admin.
  '/api/invitations/:token': { token: 'link' },
  '/api/admin/invitations/:id': {},
  // An account's id in the admin console, which opens nothing without an admin.
  '/api/admin/users/:id': {},
  '/api/admin/users/:id/disabled': {},
  '/api/admin/users/:id/password-reset': {},
  '/api/admin/users/:id/plan': {},
  '/api/admin/users/:id/quota': {},
  '/api/admin/users/:id/role': {},
  '/admin/users/:id': {},
};

/** Every route of the app with parameters: the endpoint table's (each method) and the app's pages. */
const ROUTES_WITH_PARAMS: { method: HttpMethod; route: string }[] = [
  ...Object.values(API_TABLES).flatMap((group) =>
    Object.values(group).map(({ method, path }) => ({ method, route: API_BASE + path })),
  ),
  ...APP_ROUTES.map((route) => ({ method: 'GET' as const, route })),
].filter(({ route }) => route.includes(':'));

/** The route with a fresh value in each parameter, and the URL the log should keep of it. */
function filledIn(route: string) {
  const hidden = HIDDEN_PARAMS[route] ?? {};
  const url: string[] = [];
  const logged: string[] = [];
  const hiddenValues: string[] = [];
  let isCut = false;
  for (const part of route.split('/').slice(1)) {
    const kind = part.startsWith(':') ? hidden[part.slice(1)] : undefined;
    const value = !part.startsWith(':') ? part : kind === 'name' ? `tax return ${newId()}.pdf` : newId();
    url.push(part.startsWith(':') ? encodeURIComponent(value) : value);
    if (kind) hiddenValues.push(value);
    if (kind === 'name') isCut = true;
    if (!isCut) logged.push(kind === 'link' ? '…' : url.at(-1)!);
  }
  return { url: `/${url.join('/')}`, logged: `/${logged.join('/')}`, hiddenValues };
}

/** Whoever reads the server's logs gets no key to anyone's account, link, invite, shared desktop or file names. */
describe('the access log', () => {
  const logs = logRecorder();
  let testApp: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    testApp = await buildTestApp({ LOG_LEVEL: 'info', LOG_REQUESTS: 'true' }, { logStream: logs.stream });
    user = await testApp.factory.user();
  });
  afterAll(() => testApp.close());

  const loggedUrls = () =>
    logs.lines.flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });

  test('keeps each request’s path, without tokens in the query, in share or invite paths, or in headers', async () => {
    const secret = 'c2VjcmV0LXRva2VuLXRoYXQtbXVzdC1ub3QtbGVhaw';
    await testApp.app.inject({ method: 'GET', url: `/api/virtual-desktop/shared/${secret}` });
    await testApp.app.inject({ method: 'GET', url: `/rooms/join/${secret}` });
    await testApp.app.inject({ method: 'POST', url: `/api/auth/confirm-email?token=${secret}` });
    await testApp.app.inject({ method: 'GET', url: '/api/clipboard', headers: { authorization: `Bearer ${secret}` } });

    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/api/virtual-desktop/shared/…',
        '/rooms/join/…',
        '/api/auth/confirm-email',
        '/api/clipboard',
      ]),
    );
    expect(JSON.stringify(logs.lines)).not.toContain(secret);
  });

  test('every route with parameters is classified: what is a link or a name, and what is kept', () => {
    const unclassified = [...new Set(ROUTES_WITH_PARAMS.map(({ route }) => route))].filter(
      (route) => !(route in HIDDEN_PARAMS),
    );
    expect(unclassified).toEqual([]);
  });

  test('every route of the table and every page: links and tokens masked, file names dropped, the rest kept', async () => {
    const expected: string[] = [];
    const hidden: string[] = [];
    for (const { method, route } of ROUTES_WITH_PARAMS) {
      // Signed out and signed in: each reaches its own refusals and handlers, and none may log a secret.
      for (const caller of [null, user]) {
        const { url, logged, hiddenValues } = filledIn(route);
        await testApp.as(caller).inject(method, url);
        expected.push(logged);
        hidden.push(...hiddenValues);
      }
    }
    expect(loggedUrls()).toEqual(expect.arrayContaining(expected));
    const written = JSON.stringify(logs.lines);
    expect(hidden.filter((value) => written.includes(value) || written.includes(encodeURIComponent(value)))).toEqual(
      [],
    );
  });

  test('a real clip read by its link, opened and its file downloaded: the log keeps neither the link nor the name', async () => {
    const clip = await testApp.factory.clip({ owner: user, content: 'the clip' });
    const { url: fileUrl } = await testApp.factory.file({ owner: user, clipId: clip.id, name: 'Salary 2026.pdf' });
    expect((await testApp.as(null).get(`/api/clipboard/${clip.id}`)).statusCode).toBe(200);
    expect((await testApp.as(null).post(`/api/clipboard/${clip.id}/open`, {})).statusCode).toBe(200);
    expect((await testApp.as(null).get(fileUrl)).statusCode).toBe(200);
    expect((await testApp.as(user).get(`/api/clipboard/${clip.id}/views`)).statusCode).toBe(200);

    expect(loggedUrls()).toEqual(
      expect.arrayContaining(['/api/clipboard/…', '/api/clipboard/…/open', '/api/files/…', '/api/clipboard/…/views']),
    );
    const written = JSON.stringify(logs.lines);
    expect(written).not.toContain(clip.id);
    expect(written).not.toContain('Salary');
  });

  test('routes without parameters where a link could stand are logged as they are', async () => {
    for (const url of ['/api/clipboard/history', '/api/clipboard/stats', '/api/rooms/join', '/rooms', '/clips']) {
      await testApp.as(user).inject(url === '/api/rooms/join' ? 'POST' : 'GET', url);
    }
    expect(loggedUrls()).toEqual(
      expect.arrayContaining(['/api/clipboard/history', '/api/clipboard/stats', '/api/rooms/join', '/rooms', '/clips']),
    );
  });
});
