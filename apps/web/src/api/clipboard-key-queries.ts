import { CLIPBOARD_KEY_ENDPOINTS, type ClipboardKeyStatus, type EnableClipboardKeyRequest } from '@clipsync/shared';
import {
  AccountKey,
  newPassphraseSalt,
  newRecoveryKey,
  UnlockSecret,
  type WrappedAccountKey,
} from '@clipsync/shared/crypto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sealHistory, type SealingProgress } from '../lib/clipboard-key/history-sealing';
import { unlockedKeyStore } from '../lib/clipboard-key/unlocked-key-store';
import { historySealingCalls } from './clip-sealing-calls';
import { call } from './client';
import { clipKeys } from './query-keys';

export const clipboardKeyKeys = { status: ['clipboard-key'] as const };

/** The passphrase or the recovery key, as a person typed it. */
export type ClipboardKeySecret = { kind: 'passphrase'; passphrase: string } | { kind: 'recovery'; recoveryKey: string };

/** Whether the account's clipboard is sealed, its key's id and the passphrase's salt (asked once signed in). */
export function useClipboardKeyStatus(isSignedIn = true) {
  return useQuery({
    queryKey: clipboardKeyKeys.status,
    queryFn: () => call(CLIPBOARD_KEY_ENDPOINTS.status),
    enabled: isSignedIn,
  });
}

/** A new key for `userId`, wrapped by the passphrase and by a new recovery key, ready to send (Argon2id: ~0.5 s). */
export async function prepareClipboardKey(userId: string, passphrase: string) {
  const key = AccountKey.generate();
  const recoveryKey = newRecoveryKey();
  const [byPassphrase, byRecovery] = await Promise.all([
    UnlockSecret.fromPassphrase(passphrase, newPassphraseSalt()),
    UnlockSecret.fromRecoveryKey(recoveryKey),
  ]);
  const [passphraseCopy, recoveryCopy, keyId, sealingKey] = await Promise.all([
    byPassphrase.seal(key, userId),
    byRecovery.seal(key, userId),
    key.id(),
    key.sealingKey(),
  ]);
  const request: EnableClipboardKeyRequest = {
    keyId,
    passphrase: { wrapped: asPassphraseCopy(passphraseCopy), unlockProof: byPassphrase.unlockProof },
    recovery: { wrapped: { ...recoveryCopy, kind: 'recovery' }, unlockProof: byRecovery.unlockProof },
  };
  return { request, recoveryKey, sealingKey };
}
export type PreparedClipboardKey = Awaited<ReturnType<typeof prepareClipboardKey>>;

function asPassphraseCopy({ version, salt, envelope }: WrappedAccountKey) {
  if (!salt) throw new TypeError("a passphrase's copy has a salt");
  return { version, kind: 'passphrase' as const, salt, envelope };
}

/** Turns the encryption on with a prepared key; this tab holds it unlocked from then on. */
export function useTurnOnClipboardKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, sealingKey }: PreparedClipboardKey) => {
      const status = await call(CLIPBOARD_KEY_ENDPOINTS.enable, { body: request });
      await unlockedKeyStore.keep({ userId, keyId: request.keyId, sealingKey, isRemembered: false });
      return status;
    },
    onSuccess: (status) => queryClient.setQueryData(clipboardKeyKeys.status, status),
  });
}

/**
 * The secret stretched, its proof checked by the server (which counts a wrong one), and the copy it hands back
 * opened here: the account key, checked to be the one the server names.
 */
async function openAccountKey(userId: string, status: ClipboardKeyStatus, secret: ClipboardKeySecret) {
  const unlock =
    secret.kind === 'passphrase'
      ? await UnlockSecret.fromPassphrase(secret.passphrase, status.passphraseSalt ?? '')
      : await UnlockSecret.fromRecoveryKey(secret.recoveryKey);
  const proof = { kind: unlock.kind, unlockProof: unlock.unlockProof };
  const { keyId, wrapped } = await call(CLIPBOARD_KEY_ENDPOINTS.unlock, { body: proof });
  const key = await unlock.open(wrapped, userId);
  if ((await key.id()) !== keyId) throw new Error("The server's copy of your key is not the key it names");
  return { key, keyId, proof };
}

/** Unlocks this device: in this tab, or remembered on the device. */
export function useUnlockClipboardKey(userId: string, status: ClipboardKeyStatus) {
  return useMutation({
    mutationFn: async ({ secret, remember }: { secret: ClipboardKeySecret; remember: boolean }) => {
      const { key, keyId } = await openAccountKey(userId, status, secret);
      await unlockedKeyStore.keep({ userId, keyId, sealingKey: await key.sealingKey(), isRemembered: remember });
    },
  });
}

/** A new passphrase wraps the same key, proved by the current passphrase or the recovery key. */
export function useChangeClipboardPassphrase(userId: string, status: ClipboardKeyStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ current, passphrase }: { current: ClipboardKeySecret; passphrase: string }) => {
      const { key, proof } = await openAccountKey(userId, status, current);
      const next = await UnlockSecret.fromPassphrase(passphrase, newPassphraseSalt());
      const wrapped = asPassphraseCopy(await next.seal(key, userId));
      const body = { proof, passphrase: { wrapped, unlockProof: next.unlockProof } };
      return call(CLIPBOARD_KEY_ENDPOINTS.changePassphrase, { body });
    },
    onSuccess: (next) => queryClient.setQueryData(clipboardKeyKeys.status, next),
  });
}

/** Turning off stopped with clips still sealed: the key stays, or they would be lost. */
export class UnsealIncompleteError extends Error {
  constructor(readonly count: number) {
    super(`${count} clip(s) could not be unsealed`);
  }
}

/**
 * Turns the encryption off, proved by the passphrase or the recovery key: every sealed clip is unsealed on this
 * device first (`onProgress` after each), and only then does the server forget the key; this device locks.
 */
export function useTurnOffClipboardKey(userId: string, status: ClipboardKeyStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      secret,
      onProgress,
    }: {
      secret: ClipboardKeySecret;
      onProgress: (progress: SealingProgress) => void;
    }) => {
      const { key, proof } = await openAccountKey(userId, status, secret);
      const unsealed = await sealHistory('unseal', await key.sealingKey(), historySealingCalls, { onProgress });
      if (unsealed.failed > 0) throw new UnsealIncompleteError(unsealed.failed);
      await call(CLIPBOARD_KEY_ENDPOINTS.disable, { body: proof });
      await unlockedKeyStore.lock(userId);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clipboardKeyKeys.status }),
        queryClient.invalidateQueries({ queryKey: clipKeys.all }),
      ]),
  });
}
