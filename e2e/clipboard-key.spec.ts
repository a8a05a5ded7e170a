import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { expect, test, type Page } from '@playwright/test';
import { signIn, storeSession } from './support/accounts';
import { createJourneyApi } from './support/api';
import { blockingViolations } from './support/axe';

const PASSPHRASE = 'correct horse battery staple';
const NEW_PASSPHRASE = 'a wholly different passphrase';

/** What the card says of this device: locked, or unlocked. */
const deviceState = (page: Page) => page.getByTestId('clipboard-key-state');
const card = (page: Page) => page.getByRole('region', { name: 'Encrypt my clipboard end to end' });

async function unlockWithPassphrase(page: Page, passphrase: string) {
  await card(page).getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await card(page).getByRole('button', { name: 'Unlock' }).click();
}

test('the clipboard key: turned on with a passphrase and a recovery key, unlocked on another device, remembered, locked, a new passphrase', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await signIn(page, request, 'clipboard-key');
  await page.goto('/settings/privacy');

  // Off: what is sealed and what would be lost is said before anything changes.
  await expect(card(page).getByTestId('e2e-loss-warning')).toContainText(
    'If you lose both your passphrase and your recovery key, your history is lost',
  );
  await page.screenshot({ path: test.info().outputPath('0-off.png'), fullPage: true });
  await card(page).getByRole('button', { name: 'Turn on' }).click();
  await card(page).getByLabel('Passphrase', { exact: true }).fill('too short');
  await card(page).getByLabel('Passphrase again').fill('too short');
  await card(page).getByRole('button', { name: 'Continue' }).click();
  await expect(card(page).getByRole('alert')).toHaveText('Your passphrase must be at least 12 characters long');
  await card(page).getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await card(page).getByLabel('Passphrase again').fill(PASSPHRASE);
  await card(page).getByRole('button', { name: 'Continue' }).click();

  // The recovery key, shown once; turning on waits for it to be said saved.
  const recoveryKey = (await card(page).getByTestId('recovery-key').textContent()) ?? '';
  expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
  const turnOn = card(page).getByRole('button', { name: 'Turn on encryption' });
  await expect(turnOn).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('1-recovery-key.png'), fullPage: true });
  await card(page).getByRole('checkbox', { name: 'I have saved my recovery key' }).check();
  await turnOn.click();
  await expect(page.getByText('Your clipboard is encrypted end to end', { exact: true })).toBeVisible();
  await expect(deviceState(page)).toHaveText('Unlocked on this device');
  await expect(card(page).getByText('Until you close or reload this tab.')).toBeVisible();

  // Not remembered: a reload locks this tab again.
  await page.reload();
  await expect(deviceState(page)).toHaveText('Locked on this device');

  // Another device: locked, then unlocked with the passphrase for its tab only, and locked again.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    const { user, session } = await createJourneyApi(request).call(AUTH_ENDPOINTS.login, {
      body: { email: account.email, password: account.password },
    });
    await storeSession(otherPage, user, session);
    await otherPage.goto('/settings/privacy');
    await expect(deviceState(otherPage)).toHaveText('Locked on this device');
    await otherPage.screenshot({ path: test.info().outputPath('2-locked.png'), fullPage: true });
    await unlockWithPassphrase(otherPage, 'not my passphrase at all');
    await expect(card(otherPage).getByRole('alert')).toHaveText('The passphrase or recovery key is wrong');
    await unlockWithPassphrase(otherPage, PASSPHRASE);
    await expect(deviceState(otherPage)).toHaveText('Unlocked on this device');
    await card(otherPage).getByRole('button', { name: 'Lock this device' }).click();
    await expect(deviceState(otherPage)).toHaveText('Locked on this device');
  } finally {
    await other.close();
  }

  // The recovery key instead, remembered on this device: still unlocked after a reload.
  await card(page).getByRole('button', { name: 'Use the recovery key instead' }).click();
  await card(page).getByLabel('Recovery key').fill(recoveryKey.toLowerCase());
  await card(page).getByRole('checkbox', { name: 'Remember on this device' }).check();
  await card(page).getByRole('button', { name: 'Unlock' }).click();
  await expect(deviceState(page)).toHaveText('Unlocked on this device');
  await page.reload();
  await expect(deviceState(page)).toHaveText('Unlocked on this device');
  await expect(card(page).getByText('Remembered on this device until you lock it or sign out.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('3-unlocked.png'), fullPage: true });

  // A new passphrase, proved by the current one; the old one no longer unlocks, the new one does.
  await card(page).getByRole('button', { name: 'Change passphrase' }).click();
  await card(page).getByLabel('Current passphrase').fill(PASSPHRASE);
  await card(page).getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await card(page).getByLabel('New passphrase again').fill(NEW_PASSPHRASE);
  await card(page).getByRole('button', { name: 'Save the new passphrase' }).click();
  await expect(
    page.getByText('Your passphrase was changed. Your recovery key still works.', { exact: true }),
  ).toBeVisible();
  await card(page).getByRole('button', { name: 'Lock this device' }).click();
  await expect(deviceState(page)).toHaveText('Locked on this device');
  await page.reload();
  await expect(deviceState(page)).toHaveText('Locked on this device');
  await unlockWithPassphrase(page, PASSPHRASE);
  await expect(card(page).getByRole('alert')).toHaveText('The passphrase or recovery key is wrong');
  await unlockWithPassphrase(page, NEW_PASSPHRASE);
  await expect(deviceState(page)).toHaveText('Unlocked on this device');
});
