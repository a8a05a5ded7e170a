import { expect, test, type Locator, type Page } from '@playwright/test';
import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { createClips, readOwnedClip } from './support/clips';

/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/**
 * The button is on screen and on top where a finger or pointer lands, without the page having to scroll:
 * Playwright's own click would scroll it into view first, which is what a cut-off dialog does not let a person do.
 */
async function expectReachableWithoutScrolling(page: Page, button: Locator) {
  const viewport = page.viewportSize()!;
  const box = (await button.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    centre,
  );
  expect(onTop).toBe(await button.textContent());
}

test('the owner chooses whether the clip goes with its link; Save and Stop sharing are in view at 1280×800 and on a phone', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  const { accessToken } = await signIn(page, request, 'share-link-ends');
  const [clipId] = await createClips(request, accessToken, ['meeting notes, keep them']);

  await page.goto(`/clips/${clipId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Clip' });
  await expect(dialog).toHaveAccessibleDescription('Anyone with this link can view the clip.');
  const save = dialog.getByRole('button', { name: 'Save' });
  const stop = dialog.getByRole('button', { name: 'Stop sharing' });
  await expect(save).toBeVisible();
  await expectReachableWithoutScrolling(page, save);
  await expectReachableWithoutScrolling(page, stop);

  // By default the link ends alone; the choice to take the clip with it is explicit, and says so.
  const deleteAfter = dialog.getByRole('checkbox', { name: 'Delete the clip when the link ends' });
  await expect(deleteAfter).not.toBeChecked();
  await expect(deleteAfter).toHaveAccessibleDescription(/only the link stops working: the clip stays in your history/);
  await expect(dialog.getByLabel('Views')).toHaveAccessibleDescription(
    'Leave empty for unlimited views. After the last view the link stops working.',
  );
  await dialog.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: '1 hour' }).click();
  await deleteAfter.check();
  await expect(deleteAfter).toHaveAccessibleDescription(/the clip's text and files are deleted for good/);
  await expect(dialog.getByLabel('Views')).toHaveAccessibleDescription(
    /the link stops working and the clip is deleted/,
  );
  await page.screenshot({ path: 'test-results/share-link-ends-1280-light.png' });
  await expectReachableWithoutScrolling(page, save);
  await save.click();
  await expect(toast(page, 'Link settings saved')).toBeVisible();
  const owners = await readOwnedClip(request, accessToken, clipId ?? '');
  expect(owners.share).toMatchObject({ deleteAfter: true, expiresAt: expect.any(String) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/share-link-ends-1280-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Escape');

  // The owner's card says when the clip goes.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'meeting notes, keep them' });
  await expect(card).toContainText(/Deletes itself in (59|60) min/);
  await card.screenshot({ path: 'test-results/share-link-ends-card.png' });

  // On a phone the dialog's actions stay on screen, its fields scroll under them.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('button', { name: 'Share clip' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Delete the clip when the link ends' })).toBeChecked();
  await expectReachableWithoutScrolling(page, save);
  await expectReachableWithoutScrolling(page, stop);
  await page.screenshot({ path: 'test-results/share-link-ends-390-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/share-link-ends-390-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  // Unticked again, the card no longer says the clip will go.
  await dialog.getByRole('checkbox', { name: 'Delete the clip when the link ends' }).uncheck();
  await save.click();
  await expect(toast(page, 'Link settings saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).not.toContainText('Deletes itself');
});

test('a link with every setting: the dialog says what is true of it, and its actions stay reachable at 1280×800 and 390×844', async ({
  page,
  request,
}) => {
  test.slow();
  const { accessToken } = await signIn(page, request, 'share-dialog-fits');
  const [clipId] = await createClips(request, accessToken, ['a fully set link']);
  const expiresAt = new Date(Date.now() + 6 * 3_600_000).toISOString();
  const settings = { expiresAt, maxViews: 2, password: 'open sesame', deleteAfter: true };
  const asOwner = createJourneyApi(request, { token: accessToken });
  const { linkId } = await asOwner.call(CLIP_ENDPOINTS.updateShare, { params: { id: clipId ?? '' }, body: settings });
  if (!linkId) throw new Error('The shared clip came without a link');
  // One view spent: one is left, and the dialog says so rather than "Anyone with this link can view the clip".
  await createJourneyApi(request).call(CLIP_ENDPOINTS.open, {
    params: { id: linkId },
    body: { password: 'open sesame' },
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/clips/${clipId}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Clip' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectReachableWithoutScrolling(page, dialog.getByRole('button', { name: 'Save' }));
    await expectReachableWithoutScrolling(page, dialog.getByRole('button', { name: 'Stop sharing' }));
    await expect(dialog).toHaveAccessibleDescription(
      'Anyone with this link and its password can view the clip once more.',
    );
  }

  // Stopped: the sentence no longer promises anyone anything.
  const dialog = page.getByRole('dialog', { name: 'Share Clip' });
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop sharing this clip?' });
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByText('This clip is not shared. Save to make a new link.')).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Nobody can open this clip by a link.');
  await page.screenshot({ path: 'test-results/share-dialog-stopped-1280.png' });
  await expectReachableWithoutScrolling(page, dialog.getByRole('button', { name: 'Save' }));
});

test("an encrypted clip's share dialog tells the link password from the encryption password, which the link needs too", async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, request, 'share-two-passwords');
  await page.goto('/new-clip');
  await expect(page.getByRole('button', { name: 'Save Clip' })).toBeEnabled();
  await page.getByLabel('Clip content').fill('sealed with a password');
  await page.getByRole('checkbox', { name: 'End-to-end encrypted' }).check();
  await page.getByLabel('Password (optional)').fill('lantern-oyster-91');
  await page.getByRole('button', { name: 'Save Clip' }).click();
  await page.waitForURL(/#k=/);
  await expect(page.getByLabel('Clip content')).toHaveValue('sealed with a password');

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Clip' });
  await expect(dialog.getByText(/This clip also has an encryption password, chosen when you made it/)).toContainText(
    'Whoever opens the link needs it too',
  );
  await expect(dialog.getByLabel('Link password')).toHaveAccessibleDescription(
    "The server asks for it before it sends anything. It is not the clip's encryption password.",
  );
  await page.screenshot({ path: 'test-results/share-two-passwords-1280-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/share-two-passwords-1280-dark.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectReachableWithoutScrolling(page, dialog.getByRole('button', { name: 'Save' }));
  await page.screenshot({ path: 'test-results/share-two-passwords-390-dark.png' });
});
