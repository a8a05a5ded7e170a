import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { createClips, readOwnedClip } from './support/clips';

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const NOT_FOUND = 'This link no longer works';

test('a link with 1 view and a password: previews spend nothing, the one it was sent to opens it, the next one finds nothing', async ({
  page,
  request,
  browser,
}) => {
  // Three browser contexts on a loaded machine: the slow-test time budget.
  test.slow();
  const { accessToken } = await signIn(page, request, 'private-shares');
  const [clipId] = await createClips(request, accessToken, ['the door code is 4711']);

  await page.goto(`/clips/${clipId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Clip' });
  await expect(dialog.getByRole('combobox', { name: 'Expires' })).toHaveText('Never');
  await dialog.getByLabel('Views').fill('1');
  await dialog.getByLabel('Password').fill('open sesame');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Link settings saved')).toBeVisible();
  await expect(dialog.getByText(/1 view left/)).toBeVisible();
  await dialog.screenshot({ path: 'test-results/private-shares-dialog.png' });
  const link = await dialog.getByRole('textbox', { name: 'Clip link' }).inputValue();
  const linkId = link.split('/').at(-1) ?? '';
  await page.keyboard.press('Escape');

  // A chat app drawing the link's preview fetches the page and the API: neither spends the view.
  const preview = { headers: { 'user-agent': SLACKBOT } };
  expect((await request.get(link, preview)).status()).toBe(200);
  const card = await request.get(`/api/clipboard/${linkId}`, preview);
  expect(await card.json()).toEqual({
    id: linkId,
    protected: true,
    viewsLeft: 1,
    expiresAt: null,
    hasPassword: true,
  });
  const owners = await readOwnedClip(request, accessToken, clipId ?? '');
  expect(owners.share).toMatchObject({ viewsLeft: 1, hasPassword: true });

  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  await recipient.goto(link);
  await expect(recipient.getByText('A clip shared with you · 1 view left')).toBeVisible();
  await expect(recipient.getByText('the door code is 4711')).toHaveCount(0);
  await recipient.screenshot({ path: 'test-results/private-shares-card.png' });
  await recipient.getByLabel('Password').fill('not it');
  await recipient.getByRole('button', { name: 'Show clip' }).click();
  await expect(recipient.getByRole('alert')).toHaveText('Wrong password. No view was spent.');
  await recipient.getByLabel('Password').fill('open sesame');
  await recipient.getByRole('button', { name: 'Show clip' }).click();
  await expect(recipient.getByLabel('Clip content')).toHaveValue('the door code is 4711');

  const latecomerContext = await browser.newContext();
  const latecomer = await latecomerContext.newPage();
  await latecomer.goto(link);
  await expect(latecomer.getByRole('alert')).toHaveText(NOT_FOUND);
  await expect(latecomer.getByRole('button', { name: 'Show clip' })).toHaveCount(0);

  // The owner's page lists the one open that spent the view.
  await page.reload();
  const log = page.getByRole('region', { name: 'Views of the link' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByRole('listitem')).toContainText('Spent a view');
  await Promise.all([recipientContext.close(), latecomerContext.close()]);
});
