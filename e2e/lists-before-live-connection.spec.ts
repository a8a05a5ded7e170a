import { expect, test, type WebSocketRoute } from '@playwright/test';
import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { logIn } from './support/devices';

/**
 * What happens before the live connection is up is not lost: the socket of the member's page is held back
 * while the owner removes them, so `room:closed` reaches no one; once the socket connects, the page fetches
 * what it shows again and the room goes.
 */
test('a room removed before the live connection is up leaves the list once it connects', async ({
  page: member,
  request,
}) => {
  const { session } = await logIn(request, await createConfirmedUser(request, 'lists-owner'));
  const asOwner = createJourneyApi(request, { token: session.access_token });
  const { id: roomId } = await asOwner.call(ROOM_ENDPOINTS.create, { body: { name: 'Held back room' } });
  const { shareToken } = await asOwner.call(ROOM_ENDPOINTS.rotateInvite, { params: { id: roomId } });

  const { user, accessToken } = await signIn(member, request, 'lists-member');
  await createJourneyApi(request, { token: accessToken }).call(ROOM_ENDPOINTS.join, { body: { shareToken } });

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

  await asOwner.call(ROOM_ENDPOINTS.removeMember, { params: { id: roomId, memberId: user.id } });

  isReleased = true;
  for (const socket of held) socket.connectToServer();
  await expect(member.getByRole('status', { name: /Live updates: Connected/ })).toBeVisible();
  await expect(member.getByRole('link', { name: /Held back room/ })).toHaveCount(0);
  await expect(member.getByText('No rooms found.')).toBeVisible();
});
