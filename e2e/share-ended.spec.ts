import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts';
import { createJourneyApi } from './support/api';
import { createClips, readOwnedClip } from './support/clips';
import { axeViolations } from './support/axe';

const HOUR_MS = 3_600_000;
/** Radix repeats a toast's text in a live region, so toasts are matched exactly, once. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const expectNoAxeViolations = async (page: Page, include?: string) => {
  expect(await axeViolations(page, include)).toEqual([]);
};

for (const size of [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`after a link ends, the clip page and the share dialog say so once, and "Share again" starts from its settings (${size.name})`, async ({
    page,
    request,
  }) => {
    // It waits for the server's expiry job (every 20 s) and runs four axe scans: 41 s on one idle worker.
    test.slow();
    await page.setViewportSize({ width: size.width, height: size.height });
    const { accessToken } = await signIn(page, request, `share-ended-${size.name}`);
    const asOwner = createJourneyApi(request, { token: accessToken });
    const [usedUp, emptied] = await createClips(request, accessToken, ['read once, then kept', 'goes with its link']);
    if (!usedUp || !emptied) throw new Error('The clips were not made');

    // This one's link expires in a moment and takes the clip with it: the server's expiry job empties it.
    await asOwner.call(CLIP_ENDPOINTS.updateShare, {
      params: { id: emptied },
      body: { expiresAt: new Date(Date.now() + 1500).toISOString(), deleteAfter: true },
    });
    // This one's only view is spent by a visitor: used up at once.
    const { linkId } = await asOwner.call(CLIP_ENDPOINTS.updateShare, {
      params: { id: usedUp },
      body: { expiresAt: new Date(Date.now() + HOUR_MS).toISOString(), maxViews: 1, password: 'open sesame' },
    });
    await createJourneyApi(request).call(CLIP_ENDPOINTS.open, {
      params: { id: linkId ?? '' },
      body: { password: 'open sesame' },
    });

    await page.goto(`/clips/${usedUp}`);
    await expect(
      page.getByText(/Only you can edit this clip · its link was used up on .+, nobody else can open it/),
    ).toBeVisible();
    await expect(page.getByText(/anyone with the link/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Clip' });
    await expect(dialog).toHaveAccessibleDescription(
      /^This link was used up on .+: its last view is spent, it no longer works\.$/,
    );
    await expect(dialog.getByText(/This clip is not shared/)).toHaveCount(0);
    await expect(dialog.getByText(/As set/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`share-ended-dialog-${size.name}.png`) });

    // "Share again": the ended link's settings, shown before anything is saved.
    await dialog.getByRole('button', { name: 'Share again' }).click();
    await expect(dialog.getByText('A new link, with the settings the ended link had.', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Expires' })).toHaveText('1 hour');
    await expect(dialog.getByLabel('Views')).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveAttribute(
      'placeholder',
      'Set: type a new one to change it',
    );
    await expect(dialog.getByRole('checkbox', { name: 'Delete the clip when the link ends' })).not.toBeChecked();
    expect((await readOwnedClip(request, accessToken, usedUp)).share).toMatchObject({ linkId, viewsLeft: 0 });
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`share-ended-again-${size.name}.png`) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Link settings saved')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Clip link' })).toHaveValue(/\/clips\//);
    const renewed = (await readOwnedClip(request, accessToken, usedUp)).share;
    expect(renewed).toMatchObject({ maxViews: 1, viewsLeft: 1, hasPassword: true, state: null, endedAt: null });
    expect(renewed?.linkId).not.toBe(linkId);
    expect(Date.parse(renewed?.expiresAt ?? '') - Date.now()).toBeGreaterThan(HOUR_MS - 120_000);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Only you can edit this clip · anyone with the link can view it')).toBeVisible();

    // The emptied clip, once the expiry job came by (every 20 s): why it is empty, and how its link ended.
    await expect
      .poll(async () => (await readOwnedClip(request, accessToken, emptied)).share?.state, { timeout: 30_000 })
      .toBe('expired');
    await page.goto(`/clips/${emptied}`);
    await expect(page.getByText(/Its text and files were deleted when its link ended, as you chose/)).toBeVisible();
    await expect(
      page.getByText(/Only you can edit this clip · its link expired on .+, nobody else can open it/),
    ).toBeVisible();
    await expect(page.getByLabel('Clip content')).toHaveValue('');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`share-ended-emptied-${size.name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog).toHaveAccessibleDescription(
      /^This link expired on .+, and the clip's text and files were deleted with it, as you chose\.$/,
    );
    await dialog.getByRole('button', { name: 'Share again' }).click();
    // Its expiry was set for a moment: the nearest offered length, never "Never" nor a past "As set".
    await expect(dialog.getByRole('combobox', { name: 'Expires' })).toHaveText('1 hour');
    await expect(dialog.getByRole('checkbox', { name: 'Delete the clip when the link ends' })).toBeChecked();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`share-ended-emptied-again-${size.name}-dark.png`) });
  });
}
