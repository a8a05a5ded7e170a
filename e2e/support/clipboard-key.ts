import { expect, type Page } from '@playwright/test';

/** Settings → Privacy's card for the clipboard key. */
export const clipboardKeyCard = (page: Page) => page.getByRole('region', { name: 'Encrypt my clipboard end to end' });

/** What the card says of this device: locked, or unlocked. */
export const clipboardKeyState = (page: Page) => page.getByTestId('clipboard-key-state');

/**
 * Turns the clipboard's encryption on from Settings → Privacy as a person does (a passphrase, the recovery key
 * said saved) and gives back the recovery key the page showed once. This tab is left unlocked.
 */
export async function turnOnClipboardKey(page: Page, passphrase: string): Promise<string> {
  await page.goto('/settings/privacy');
  const card = clipboardKeyCard(page);
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await card.getByLabel('Passphrase again').fill(passphrase);
  await card.getByRole('button', { name: 'Continue' }).click();
  const recoveryKey = (await card.getByTestId('recovery-key').textContent()) ?? '';
  await card.getByRole('checkbox', { name: 'I have saved my recovery key' }).check();
  await card.getByRole('button', { name: 'Turn on encryption' }).click();
  await expect(clipboardKeyState(page)).toHaveText('Unlocked on this device');
  return recoveryKey;
}

/** Unlocks this device from Settings → Privacy, with the passphrase or the recovery key. */
export async function unlockClipboardKey(
  page: Page,
  secret: { passphrase: string } | { recoveryKey: string },
  { remember = false } = {},
) {
  await page.goto('/settings/privacy');
  const card = clipboardKeyCard(page);
  await expect(clipboardKeyState(page)).toHaveText('Locked on this device');
  if ('recoveryKey' in secret) {
    await card.getByRole('button', { name: 'Use the recovery key instead' }).click();
    await card.getByLabel('Recovery key').fill(secret.recoveryKey);
  } else {
    await card.getByLabel('Passphrase', { exact: true }).fill(secret.passphrase);
  }
  if (remember) await card.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await card.getByRole('button', { name: 'Unlock' }).click();
  await expect(clipboardKeyState(page)).toHaveText('Unlocked on this device');
}
