import 'fake-indexeddb/auto';
import { CLIPBOARD_KEY_ENDPOINTS, type ClipboardKeyStatus } from '@clipsync/shared';
import { AccountKey, UnlockSecret } from '@clipsync/shared/crypto';
import { readAccountKeyVectors } from '@clipsync/shared/crypto/account-key-vectors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { createUnlockedKeyStore, unlockedKeyStore } from '../../../lib/clipboard-key/unlocked-key-store';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { ClipboardKeyCard } from './ClipboardKeyCard';

// Argon2id at 64 MiB runs for each passphrase typed: ~0.5 s each, several times that on a loaded machine.
const SLOW = { timeout: 60_000 };
const vectors = readAccountKeyVectors();
const userId = vectors.account;
const sealed: ClipboardKeyStatus = {
  enabled: true,
  keyId: vectors.keyId,
  passphraseSalt: vectors.passphrase.salt,
  plainClips: 0,
  sealedClips: 0,
};
const off: ClipboardKeyStatus = { enabled: false, keyId: null, passphraseSalt: null, plainClips: 0, sealedClips: 0 };

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClipboardKeyCard userId={userId} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Waits until the card says `text` of this device (a state it may already show another of). */
const stateBecomes = (text: string) =>
  waitFor(() => expect(screen.getByTestId('clipboard-key-state')).toHaveTextContent(text), { timeout: 30_000 });
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

async function keepVectorKey(isRemembered: boolean) {
  const key = new AccountKey(Uint8Array.from(Buffer.from(vectors.accountKey, 'hex')));
  await unlockedKeyStore.keep({ userId, keyId: vectors.keyId, sealingKey: await key.sealingKey(), isRemembered });
}

describe('Encrypt my clipboard end to end', () => {
  setUpPageTests();
  const api = fakeApi();
  const status = () => api.on(CLIPBOARD_KEY_ENDPOINTS.status);
  const unlock = () => api.on(CLIPBOARD_KEY_ENDPOINTS.unlock);
  afterEach(() => unlockedKeyStore.forgetAll());

  test(
    'off: says what is sealed and what is lost before anything changes, then a passphrase, the recovery key shown once, and on',
    SLOW,
    async () => {
      status().mockResolvedValue(off);
      api.on(CLIPBOARD_KEY_ENDPOINTS.enable).mockImplementation(({ body }) => ({
        enabled: true,
        keyId: body.keyId,
        passphraseSalt: body.passphrase.wrapped.salt,
        plainClips: 0,
        sealedClips: 0,
      }));
      renderCard();
      expect(await screen.findByText(/their files and file names/)).toBeInTheDocument();
      expect(screen.getByText(/Sizes, times, favorites and ids/)).toBeInTheDocument();
      expect(screen.getByText(/Rooms and shared desktops stay readable by the server/)).toBeInTheDocument();
      expect(screen.getByTestId('e2e-loss-warning')).toHaveTextContent(
        'If you lose both your passphrase and your recovery key, your history is lost',
      );

      await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
      await userEvent.type(field('Passphrase'), 'too short');
      await userEvent.type(field('Passphrase again'), 'too short');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Your passphrase must be at least 12 characters long');
      await userEvent.type(field('Passphrase'), ' but now long');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The two passphrases are not the same');
      await userEvent.type(field('Passphrase again'), ' but now long');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(screen.getByRole('status')).toHaveTextContent('Securing your key…');
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

      const recoveryKey = (await screen.findByTestId('recovery-key', {}, { timeout: 30_000 })).textContent!;
      expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
      expect(api.on(CLIPBOARD_KEY_ENDPOINTS.enable)).not.toHaveBeenCalled();
      const finish = screen.getByRole('button', { name: 'Turn on encryption' });
      expect(finish).toBeDisabled();
      await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved my recovery key' }));
      await userEvent.click(finish);

      await stateBecomes('Unlocked on this device');
      expect(screen.getByText('Until you close or reload this tab.')).toBeInTheDocument();
      expect(await screen.findByText('Your clipboard is encrypted end to end')).toBeInTheDocument();
      // What was sent opens with the passphrase and with the recovery key shown, to the key this tab holds.
      const [{ body }] = api.on(CLIPBOARD_KEY_ENDPOINTS.enable).mock.calls[0]!;
      const byPassphrase = await UnlockSecret.fromPassphrase('too short but now long', body.passphrase.wrapped.salt);
      const byRecovery = await UnlockSecret.fromRecoveryKey(recoveryKey);
      expect(byPassphrase.unlockProof).toBe(body.passphrase.unlockProof);
      expect(byRecovery.unlockProof).toBe(body.recovery.unlockProof);
      expect(await (await byPassphrase.open(body.passphrase.wrapped, userId)).id()).toBe(body.keyId);
      expect(await (await byRecovery.open(body.recovery.wrapped, userId)).id()).toBe(body.keyId);
      expect(unlockedKeyStore.snapshot().key).toMatchObject({ keyId: body.keyId, isRemembered: false });
    },
  );

  test("locked: a wrong passphrase says the server's refusal, the lock says its wait", SLOW, async () => {
    status().mockResolvedValue(sealed);
    unlock()
      .mockRejectedValueOnce(new ApiError('The passphrase or recovery key is wrong', 403, 'WRONG_PASSWORD'))
      .mockRejectedValueOnce(
        new ApiError('Too many', 429, 'RATE_LIMITED', undefined, undefined, { retryAfterSeconds: 300 }),
      );
    renderCard();
    await stateBecomes('Locked on this device');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your passphrase');

    await userEvent.type(field('Passphrase'), 'not the passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent(
      'The passphrase or recovery key is wrong',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(/Try again in 5 minutes/, {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(unlock()).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ kind: 'passphrase' }) }),
    );
    await stateBecomes('Locked on this device');
  });

  test('locked: the recovery key instead, remembered on this device', SLOW, async () => {
    status().mockResolvedValue(sealed);
    unlock().mockResolvedValue({ keyId: vectors.keyId, wrapped: { ...vectors.recovery.wrapped, kind: 'recovery' } });
    renderCard();
    await stateBecomes('Locked on this device');
    await userEvent.click(screen.getByRole('button', { name: 'Use the recovery key instead' }));
    await userEvent.type(field('Recovery key'), 'M2GT-58X4');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A recovery key is 32 letters and digits');
    await userEvent.clear(field('Recovery key'));
    await userEvent.type(field('Recovery key'), vectors.recovery.recoveryKey.toLowerCase());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember on this device' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));

    await stateBecomes('Unlocked on this device');
    expect(screen.getByText(/Remembered on this device until you lock it or sign out/)).toBeInTheDocument();
    expect(unlock()).toHaveBeenCalledWith(
      expect.objectContaining({ body: { kind: 'recovery', unlockProof: vectors.recovery.unlockProof } }),
    );
    expect(await createUnlockedKeyStore().load(userId)).toMatchObject({ keyId: vectors.keyId, isRemembered: true });
  });

  test(
    'unlocked: locking this device forgets the key; a change of passphrase is proved, checked and sent',
    SLOW,
    async () => {
      status().mockResolvedValue(sealed);
      unlock().mockResolvedValue({
        keyId: vectors.keyId,
        wrapped: { ...vectors.passphrase.wrapped, kind: 'passphrase', salt: vectors.passphrase.salt },
      });
      api.on(CLIPBOARD_KEY_ENDPOINTS.changePassphrase).mockImplementation(({ body }) => ({
        ...sealed,
        passphraseSalt: body.passphrase.wrapped.salt,
        plainClips: 0,
        sealedClips: 0,
      }));
      await keepVectorKey(true);
      renderCard();
      await stateBecomes('Unlocked on this device');
      expect(screen.getByRole('button', { name: 'Turn off' })).toBeEnabled();

      await userEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save the new passphrase' }));
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Enter your passphrase',
        'Your passphrase must be at least 12 characters long',
      ]);
      await userEvent.type(field('Current passphrase'), vectors.passphrase.passphrase);
      await userEvent.type(field('New passphrase'), 'a brand new passphrase');
      await userEvent.type(field('New passphrase again'), 'a brand new passphrase');
      await userEvent.click(screen.getByRole('button', { name: 'Save the new passphrase' }));
      expect(
        await screen.findByText('Your passphrase was changed. Your recovery key still works.', {}, { timeout: 30_000 }),
      ).toBeInTheDocument();
      const [{ body }] = api.on(CLIPBOARD_KEY_ENDPOINTS.changePassphrase).mock.calls[0]!;
      expect(body.proof).toEqual({ kind: 'passphrase', unlockProof: vectors.passphrase.unlockProof });
      const next = await UnlockSecret.fromPassphrase('a brand new passphrase', body.passphrase.wrapped.salt);
      expect(body.passphrase.unlockProof).toBe(next.unlockProof);
      expect(await (await next.open(body.passphrase.wrapped, userId)).id()).toBe(vectors.keyId);

      await userEvent.click(screen.getByRole('button', { name: 'Lock this device' }));
      await stateBecomes('Locked on this device');
      expect(await createUnlockedKeyStore().load(userId)).toBeNull();
    },
  );

  test('a key remembered for another key id (turned off and on elsewhere) is stale: locked', async () => {
    status().mockResolvedValue({ ...sealed, keyId: 'AAAAAAAAAAAAAAAAAAAAAA' });
    await keepVectorKey(true);
    renderCard();
    await stateBecomes('Locked on this device');
    expect(await createUnlockedKeyStore().load(userId)).toBeNull();
  });
});
