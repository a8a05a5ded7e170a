import { CLIPBOARD_KEY_ENDPOINTS, type Clip, type EnableClipboardKeyRequest } from '@clipsync/shared';
import * as sealing from '@clipsync/shared/crypto';
import { expect } from 'vitest';
import type { Caller } from './as';
import type { TestApp } from './build-test-app';
import type { TestUser } from './factories';
import { multipartFile } from './multipart';

/** A device of an account whose clipboard is encrypted end to end, unlocked: it seals as the web app and CLI do. */
export interface SealingDevice {
  /** The proof `POST …/clipboard-key/disable` and `…/unlock` take. */
  passphraseProof: { kind: 'passphrase'; unlockProof: string };
  sealingKey: sealing.SealingKey;
  /** A new clip key, its 32 bytes wrapped by the account's sealing key (what a sealed clip's `wrappedKey` is). */
  newClipKey(): Promise<{ clipKey: sealing.ShareKey; wrappedKey: string }>;
  /** A file's bytes sealed with `clipKey`, its name and type inside (encryptFileStream). */
  sealFile(clipKey: sealing.ShareKey, name: string, type: string, bytes: Uint8Array): Promise<Buffer>;
}

/**
 * `user` (a new one by default) turns its clipboard's encryption on, as its web app does: a new account key,
 * wrapped by a passphrase and a recovery key (PUT /api/account/clipboard-key). Answers the user and a device
 * holding the key. The passphrase's Argon2id costs about a second, once per account.
 */
export async function sealedAccount(testApp: TestApp, user?: TestUser): Promise<{ user: TestUser } & SealingDevice> {
  const owner = user ?? (await testApp.factory.user());
  const key = sealing.AccountKey.generate();
  const pass = await sealing.UnlockSecret.fromPassphrase('a passphrase long enough', sealing.newPassphraseSalt());
  const recovery = await sealing.UnlockSecret.fromRecoveryKey(sealing.newRecoveryKey());
  const body = {
    keyId: await key.id(),
    passphrase: { wrapped: await pass.seal(key, owner.id), unlockProof: pass.unlockProof },
    recovery: { wrapped: await recovery.seal(key, owner.id), unlockProof: recovery.unlockProof },
  } as EnableClipboardKeyRequest;
  await testApp.api(owner).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body });
  const sealingKey = await key.sealingKey();
  return {
    user: owner,
    passphraseProof: { kind: 'passphrase', unlockProof: pass.unlockProof },
    sealingKey,
    async newClipKey() {
      // A clip key IS a link key's 32 bytes: the device draws them once and uses them both ways.
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(sealing.KEY_BYTES));
      return { clipKey: new sealing.ShareKey(bytes), wrappedKey: await sealing.wrapClipKey(sealingKey, bytes) };
    },
    async sealFile(clipKey, name, type, bytes) {
      const sealed = new Blob([Uint8Array.from(bytes)])
        .stream()
        .pipeThrough(sealing.encryptFileStream(clipKey, { name, type }));
      return Buffer.from(await new Response(sealed).arrayBuffer());
    },
  };
}

/** A file a plain clip is made with. */
export interface PlainFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A clip in clear with `files`, made the usual way (the text, then one upload per file), as its owner reads it. */
export async function plainClip(
  testApp: TestApp,
  owner: Caller,
  text: string,
  files: readonly PlainFile[],
): Promise<Clip> {
  const clip = (await testApp.as(owner).post('/api/clipboard', { content: text })).json<Clip>();
  for (const file of files) {
    const form = multipartFile('file', file.name, file.type, file.bytes);
    const uploaded = await testApp
      .as(owner)
      .inject('POST', `/api/clipboard/${clip.id}/files`, form.payload, form.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
  return (await testApp.as(owner).get(`/api/clipboard/${clip.id}`)).json<Clip>();
}

/** A plain clip made before its account turned the encryption on, and the device that then holds the key. */
export async function sealedAccountWithPlainClip(
  testApp: TestApp,
  text: string,
  files: readonly PlainFile[],
): Promise<{ device: SealingDevice & { user: TestUser }; clip: Clip }> {
  const owner = await testApp.factory.user();
  const clip = await plainClip(testApp, owner, text, files);
  return { device: await sealedAccount(testApp, owner), clip };
}
