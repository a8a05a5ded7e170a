import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, latestMailTo, signIn } from './support/accounts';

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('two members share a room live; the owner removes one; an invite link brings in a third', async ({
  page: owner,
  context: ownerContext,
  browser,
  request,
}) => {
  test.slow();
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const { email: memberEmail } = await signIn(member, request, 'room-member');
  await signIn(owner, request, 'room-owner');

  // The owner creates a room and lands in it.
  await owner.goto('/rooms');
  await expect(owner.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
  await expect(owner.getByText('No rooms found.')).toBeVisible();
  await owner.getByRole('button', { name: 'Create Room' }).first().click();
  const createDialog = owner.getByRole('dialog', { name: 'Create New Room' });
  await createDialog.getByPlaceholder('Room name...').fill('Launch plan');
  await createDialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(owner, 'Room created')).toBeVisible();
  await expect(owner.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
  await expect(owner.getByText('Public Room')).toBeVisible();

  // …invites the second user by e-mail: pending until they accept the mailed invitation.
  await owner.getByRole('button', { name: 'Add Member' }).click();
  const addDialog = owner.getByRole('dialog', { name: 'Add New Member' });
  await addDialog.getByLabel('Email').fill(memberEmail);
  await addDialog.getByRole('button', { name: 'Add' }).click();
  await expect(toast(owner, 'Member invited')).toBeVisible();
  await expect(addDialog.getByRole('status')).toContainText(`Invitation sent to ${memberEmail}`);
  await addDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(owner.getByText('1 member(s)')).toBeVisible();
  await owner.getByRole('tab', { name: 'Members' }).click();
  await expect(owner.getByRole('region', { name: 'Pending invitations' })).toContainText(memberEmail);

  // The member follows the mailed link and lands in the room; the owner sees them join.
  const invitation = await latestMailTo(request, memberEmail, /invited you to the room/);
  const invitationLink = invitation.links.find((link) => link.includes('/rooms/invite/')) ?? '';
  await member.goto(invitationLink);
  await expect(member.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
  await expect(owner.getByText('2 member(s)')).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
  await owner.getByRole('tab', { name: 'Content' }).click();

  // The member finds the room in their list and opens it.
  await member.goto('/rooms');
  await member.getByRole('link', { name: /Launch plan/ }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Delete Room' })).toHaveCount(0);

  // Text from the owner appears on the member's page without a reload, and the other way round.
  await owner.getByLabel('Add to the room').fill('Ship on Friday');
  await owner.getByRole('button', { name: 'Add Content' }).click();
  await expect(toast(owner, 'Content added')).toBeVisible();
  await expect(cards(member).filter({ hasText: 'Ship on Friday' })).toBeVisible();

  await member.getByLabel('Add to the room').fill('Slides are ready');
  await member.getByRole('button', { name: 'Add Content' }).click();
  // Toasts show one at a time: a file uploaded before the text was added would have its toast replaced.
  await expect(toast(member, 'Content added')).toBeVisible();
  await member.getByLabel('Upload File', { exact: true }).setInputFiles({
    name: 'agenda.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('1. Launch\n2. Party\n'),
  });
  await expect(toast(member, 'File uploaded')).toBeVisible();
  await expect(cards(owner).filter({ hasText: 'agenda.txt' })).toBeVisible();
  await expect(cards(owner).filter({ hasText: 'Slides are ready' })).toBeVisible();
  await expect(owner.getByText('3 item(s)')).toBeVisible();

  // Filters narrow the grid on the server.
  await owner.getByRole('searchbox', { name: 'Search content, files, or users...' }).fill('slides');
  await expect(owner.getByText('1 item(s)')).toBeVisible();
  await expect(cards(owner)).toHaveCount(1);
  await owner.getByRole('searchbox', { name: 'Search content, files, or users...' }).fill('');
  await owner.getByRole('combobox', { name: 'Type' }).click();
  await owner.getByRole('option', { name: 'Files' }).click();
  await expect(cards(owner)).toHaveCount(1);
  await expect(cards(owner).first()).toContainText('agenda.txt');

  // The member also has the rooms list open in another tab.
  const memberList = await memberContext.newPage();
  await memberList.goto('/rooms');
  await expect(memberList.getByRole('link', { name: /Launch plan/ })).toBeVisible();

  // The owner removes the member (shown by name, the e-mail beside it), whose pages say so at once.
  await owner.getByRole('tab', { name: 'Members' }).click();
  const memberRow = owner.getByRole('button', { name: new RegExp(memberEmail.replace(/[.+]/g, '\\$&')) });
  await expect(memberRow).toContainText(`E2E User ${memberEmail}`);
  await memberRow.click();
  await owner.getByRole('dialog', { name: 'Member Details' }).getByRole('button', { name: 'Remove from Room' }).click();
  await expect(toast(owner, 'Member removed')).toBeVisible();
  await expect(toast(member, 'You were removed from this room')).toBeVisible();
  await expect(member).toHaveURL(/\/rooms$/);
  await expect(memberList.getByRole('link', { name: /Launch plan/ })).toHaveCount(0);

  // The activity tab tells the story in words: who uploaded, added and removed what.
  await owner.getByRole('tab', { name: 'Activity' }).click();
  const activity = owner.getByRole('list').filter({ hasText: 'uploaded agenda.txt' });
  await expect(activity).toContainText(`added ${memberEmail}`);
  await expect(activity).toContainText('added text content');
  await expect(activity).toContainText(`removed ${memberEmail} from the room`);

  // The invite link joins a third user and opens the room for them.
  await owner.getByRole('button', { name: 'Copy invite link' }).click();
  await expect(toast(owner, 'Link copied')).toBeVisible();
  const inviteLink = await owner.evaluate(() => navigator.clipboard.readText());
  expect(inviteLink).toMatch(/\/rooms\/join\/[\w-]{22,}$/);
  // A guest who is not signed in logs in first and is then taken into the room.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestAccount = await createConfirmedUser(request, 'room-guest');
  await guest.goto(inviteLink);
  await expect(guest).toHaveURL(/\/auth/);
  await expect(guest.getByText("Sign in to join 'Launch plan'")).toBeVisible();
  await guest.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
  await expect(guest.getByText("Create an account to join 'Launch plan'")).toBeVisible();
  await guest.getByRole('button', { name: 'Already have an account? Login' }).click();
  // The sign-up form has an Email and a Password too: fill only once the login form has replaced it.
  await expect(guest.getByText("Sign in to join 'Launch plan'")).toBeVisible();
  await guest.getByLabel('Email').fill(guestAccount.email);
  await guest.getByLabel('Password', { exact: true }).fill(guestAccount.password);
  await guest.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Launch plan' })).toBeVisible();
  await expect(owner.getByText('2 member(s)')).toBeVisible();

  await memberContext.close();
  await guestContext.close();
});
