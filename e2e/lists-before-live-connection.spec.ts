import { expect, test, type WebSocketRoute } from '@playwright/test';
import { createConfirmedUser, signIn } from './support/accounts';

/**
 * What happens before the live connection is up is not lost: the socket of the member's page is held back
 * while the owner removes them, so `room:closed` reaches no one; once the socket connects, the page fetches
 * what it shows again and the room goes.
 */
test('a room removed before the live connection is up leaves the list once it connects', async ({
  page: member,
  request,
}) => {
  const ownerLogin = await request.post('/api/auth/login', { data: await createConfirmedUser(request, 'lists-owner') });
  const { session } = (await ownerLogin.json()) as { session: { access_token: string } };
  const ownerAuth = { authorization: `Bearer ${session.access_token}` };
  const room = await request.post('/api/rooms', { headers: ownerAuth, data: { name: 'Held back room' } });
  expect(room.status()).toBe(201);
  const { id: roomId } = (await room.json()) as { id: string };
  const token = await request.post(`/api/rooms/${roomId}/share-token`, { headers: ownerAuth });
  const { shareToken } = (await token.json()) as { shareToken: string };

  const { user, accessToken } = await signIn(member, request, 'lists-member');
  const joined = await request.post('/api/rooms/join', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { shareToken },
  });
  expect(joined.ok()).toBe(true);

  // Every socket the page opens waits here until the removal is done.
  const held: WebSocketRoute[] = [];
  let isReleased = false;
  await member.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (isReleased) socket.connectToServer();
    else held.push(socket);
  });

  await member.goto('/rooms');
  await expect(member.getByRole('link', { name: /Held back room/ })).toBeVisible();
  await expect(member.getByRole('status', { name: /Live updates: Reconnecting/ })).toBeVisible();

  const removed = await request.delete(`/api/rooms/${roomId}/members/${user.id}`, { headers: ownerAuth });
  expect(removed.ok()).toBe(true);

  isReleased = true;
  for (const socket of held) socket.connectToServer();
  await expect(member.getByRole('status', { name: /Live updates: Connected/ })).toBeVisible();
  await expect(member.getByRole('link', { name: /Held back room/ })).toHaveCount(0);
  await expect(member.getByText('No rooms found.')).toBeVisible();
});
