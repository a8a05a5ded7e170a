import { expect, test, type Page } from '@playwright/test';
import { AUTH_ENDPOINTS, MODERATION_ENDPOINTS, REPORT_ENDPOINTS, ROOM_ENDPOINTS } from '@clipsync/shared';
import { createConfirmedUser, signIn, signInAdmin, storeSession } from './support/accounts';
import { createJourneyApi } from './support/api';
import { createClips } from './support/clips';
import { blockingViolations } from './support/axe';

const REMOVED = 'This link was removed by the operator of this server';

test('a visitor reports a shared clip; the admin takes it down, the link says so, and restoring brings it back', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const owner = await createConfirmedUser(request, 'moderated-owner');
  const { session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
  const marker = `suspicious text ${Date.now()}`;
  const [clipId] = await createClips(request, session.access_token, [marker]);

  // The visitor: signed out, in a browser of their own.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/clips/${clipId}`);
  await expect(visitor.getByRole('textbox').first()).toHaveValue(marker);
  await visitor.getByRole('button', { name: 'Report this link' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Report this link' });
  await dialog.getByRole('radio', { name: 'Phishing' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('asks for my bank password');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. The operator of this server will look at this link.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The admin, on a phone: the queue shows the item's metadata, not its content.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page, request, 'moderation');
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const itemOf = (text: string) => page.getByRole('listitem', { name: /^Shared clip/ }).filter({ hasText: text });
  const card = itemOf(owner.email);
  await expect(card).toBeVisible();
  await expect(card).toContainText('asks for my bank password');
  await expect(card).not.toContainText(marker);
  expect(await blockingViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Take down' }).click();
  const takeDown = page.getByRole('dialog', { name: 'Take down' });
  await takeDown.getByRole('textbox', { name: 'Reason shown to the owner' }).fill('Phishing page');
  await takeDown.getByRole('button', { name: 'Take down now' }).click();
  await expect(takeDown).toBeHidden();

  // The visitor's page, reloaded, says the operator removed it.
  await visitor.reload();
  await expect(visitor.getByText(REMOVED)).toBeVisible();

  // Restored from the resolved tab: the link works again.
  await page.getByRole('button', { name: 'Resolved' }).click();
  const resolved = itemOf(owner.email);
  await expect(resolved).toContainText('Taken down: Phishing page');
  await resolved.getByRole('button', { name: 'Restore' }).click();
  await expect(resolved).not.toContainText('Taken down');
  await visitor.reload();
  await expect(visitor.getByRole('textbox').first()).toHaveValue(marker);
  await visitorContext.close();
});

test.describe('at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the admin takes a reported clip down from the Reports section: its link answers 410 until restored', async ({
    browser,
    page,
    request,
  }) => {
    test.slow();
    const owner = await createConfirmedUser(request, 'moderated-desktop-owner');
    const { session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
    const marker = `doubtful text ${Date.now()}`;
    const [clipId] = await createClips(request, session.access_token, [marker]);
    /** The visitor's page reloaded, with the status its clip's answer came back with. */
    const reloadWithStatus = async (visitor: Page) => {
      const answer = visitor.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === `/api/clipboard/${clipId}` && response.request().method() === 'GET',
      );
      await visitor.reload();
      return (await answer).status();
    };

    // A visitor of their own address (the server trusts 127.0.0.1 as its proxy): the journeys' other reports,
    // all from 127.0.0.1, would otherwise spend this one's reports-per-address allowance.
    const visitorContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.41' },
    });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/clips/${clipId}`);
      await expect(visitor.getByRole('textbox').first()).toHaveValue(marker);
      await visitor.getByRole('button', { name: 'Report this link' }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Report this link' });
      await dialog.getByRole('radio', { name: 'Malware' }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByText('Thank you. The operator of this server will look at this link.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();

      await signInAdmin(page, request, 'moderation');
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Admin console sections' })
        .getByRole('link', { name: 'Reports' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      const itemOf = () => page.getByRole('listitem', { name: /^Shared clip/ }).filter({ hasText: owner.email });
      await expect(itemOf()).toBeVisible();
      await expect(itemOf()).not.toContainText(marker);
      // The card leads to the page its visitors saw, and to its owner in Users.
      const asVisitor = itemOf().getByRole('link', { name: 'Open as its visitors see it' });
      await expect(asVisitor).toHaveAttribute('href', `/clips/${clipId}`);
      await expect(itemOf().getByRole('link', { name: 'The owner in Users' })).toHaveAttribute(
        'href',
        /^\/admin\/users\/.+/,
      );
      expect(await blockingViolations(page)).toEqual([]);
      await itemOf().getByRole('button', { name: 'Take down' }).click();
      const takeDown = page.getByRole('dialog', { name: 'Take down' });
      await takeDown.getByRole('textbox', { name: 'Reason shown to the owner' }).fill('Malware download');
      await takeDown.getByRole('button', { name: 'Take down now' }).click();
      await expect(takeDown).toBeHidden();

      expect(await reloadWithStatus(visitor)).toBe(410);
      await expect(visitor.getByText(REMOVED)).toBeVisible();

      await page.getByRole('button', { name: 'Resolved' }).click();
      await expect(itemOf()).toContainText('Taken down: Malware download');
      // The tab is in the address: a reload comes back to it.
      await expect(page).toHaveURL(/\/admin\/reports\?status=resolved$/);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Resolved', pressed: true })).toBeVisible();
      await expect(itemOf()).toContainText('Taken down: Malware download');
      expect(await blockingViolations(page)).toEqual([]);
      await itemOf().getByRole('button', { name: 'Restore' }).click();
      await expect(itemOf()).not.toContainText('Taken down');
      // 304 if the browser kept the answer from before the takedown: unchanged content is still content.
      expect([200, 304]).toContain(await reloadWithStatus(visitor));
      await expect(visitor.getByRole('textbox').first()).toHaveValue(marker);
    } finally {
      await visitorContext.close();
    }
  });
});

test('a room taken down while a member has it open says so there at once; its owner sees why; restore brings it back', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const owner = await createConfirmedUser(request, 'moderated-room-owner');
  const ownerLogin = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
  const asOwner = createJourneyApi(request, { token: ownerLogin.session.access_token });
  const roomName = `Reported room ${Date.now()}`;
  const { id: roomId } = await asOwner.call(ROOM_ENDPOINTS.create, { body: { name: roomName } });
  const { shareToken } = await asOwner.call(ROOM_ENDPOINTS.rotateInvite, { params: { id: roomId } });
  await createJourneyApi(request).call(REPORT_ENDPOINTS.create, {
    body: { kind: 'room', link: shareToken, reason: 'spam' },
  });

  // The member, in a browser of their own, has the room open and live.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const { accessToken } = await signIn(member, request, 'moderated-room-member');
  await createJourneyApi(request, { token: accessToken }).call(ROOM_ENDPOINTS.join, { body: { shareToken } });
  await member.goto(`/rooms/${roomId}`);
  await expect(member.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await expect(member.getByRole('status', { name: /Live updates: Connected/ })).toBeVisible();

  await signInAdmin(page, request, 'moderation');
  await page.goto('/admin/reports');
  const itemOf = () => page.getByRole('listitem', { name: /^Room/ }).filter({ hasText: owner.email });
  await itemOf().getByRole('button', { name: 'Take down' }).click();
  const takeDown = page.getByRole('dialog', { name: 'Take down' });
  await takeDown.getByRole('textbox', { name: 'Reason shown to the owner' }).fill('Spam room');
  await takeDown.getByRole('button', { name: 'Take down now' }).click();
  await expect(takeDown).toBeHidden();

  // Without a reload: the member's page says the operator removed it, and nothing of the room is left.
  await expect(member.getByText(REMOVED)).toBeVisible();
  await expect(member.getByRole('heading', { level: 1, name: roomName })).toBeHidden();

  // The owner keeps the room, is told why on it, and finds the takedown among their security events.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await storeSession(ownerPage, ownerLogin.user, ownerLogin.session);
  await ownerPage.goto(`/rooms/${roomId}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await expect(ownerPage.getByText(/took this down.*Reason: Spam room/)).toBeVisible();
  await ownerPage.goto('/settings/security-events');
  const told = ownerPage.getByRole('listitem', { name: 'Your room was taken down by the operator' });
  await expect(told).toContainText('Reason: Spam room');

  // Restored: the member opens it again, and the owner's notice is gone.
  await page.getByRole('button', { name: 'Resolved' }).click();
  const resolved = itemOf();
  await expect(resolved).toContainText('Taken down: Spam room');
  await resolved.getByRole('button', { name: 'Restore' }).click();
  await expect(resolved).not.toContainText('Taken down');
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await ownerPage.goto(`/rooms/${roomId}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await expect(ownerPage.getByText(/took this down/)).toBeHidden();
  await memberContext.close();
  await ownerContext.close();
});

test("a signed-out visitor on the sign-in page a room's link opened is told of its takedown without a reload", async ({
  browser,
  page,
  request,
}) => {
  const owner = await createConfirmedUser(request, 'moderated-link-owner');
  const ownerLogin = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, { body: owner });
  const asOwner = createJourneyApi(request, { token: ownerLogin.session.access_token });
  const roomName = `Linked room ${Date.now()}`;
  const { id: roomId } = await asOwner.call(ROOM_ENDPOINTS.create, { body: { name: roomName } });
  const { shareToken } = await asOwner.call(ROOM_ENDPOINTS.rotateInvite, { params: { id: roomId } });

  // The visitor, signed out in a browser of their own, follows the link and lands on the sign-in page.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/rooms/join/${shareToken}`);
    await expect(visitor.getByText(`Sign in to join '${roomName}'`)).toBeVisible();

    const { accessToken } = await signInAdmin(page, request, 'moderation');
    await createJourneyApi(request, { token: accessToken }).call(MODERATION_ENDPOINTS.takeDown, {
      params: { kind: 'room', id: roomId },
      body: { reason: 'Spam room' },
    });

    await expect(visitor.getByText(REMOVED)).toBeVisible();
    await expect(visitor.getByText(`Sign in to join '${roomName}'`)).toBeHidden();
  } finally {
    await visitorContext.close();
  }
});
