import { CLIPBOARD_KEY_ENDPOINTS, type EnableClipboardKeyRequest, type WrappedAccountKey } from '@clipsync/shared';
import { AccountKey, newPassphraseSalt, newRecoveryKey, UnlockSecret } from '@clipsync/shared/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import type { TestUser } from '../../../test/factories';
import { clipboardKeys } from '../../db/schema';
import { UNLOCK_FAILURES_PER_ACCOUNT } from './clipboard-key.context';

const URL = '/api/account/clipboard-key';
const PASSPHRASE = 'a long passphrase for the clipboard';

/** What a device does to turn the encryption on: the key, both wrapped copies and their proofs, made locally. */
async function keyOf(user: TestUser) {
  const key = AccountKey.generate();
  const pass = await UnlockSecret.fromPassphrase(PASSPHRASE, newPassphraseSalt());
  const recoveryKey = newRecoveryKey();
  const recovery = await UnlockSecret.fromRecoveryKey(recoveryKey);
  const request: EnableClipboardKeyRequest = {
    keyId: await key.id(),
    passphrase: {
      wrapped: (await pass.seal(key, user.id)) as EnableClipboardKeyRequest['passphrase']['wrapped'],
      unlockProof: pass.unlockProof,
    },
    recovery: {
      wrapped: (await recovery.seal(key, user.id)) as EnableClipboardKeyRequest['recovery']['wrapped'],
      unlockProof: recovery.unlockProof,
    },
  };
  return { key, pass, recovery, recoveryKey, request };
}

describe('the end-to-end encrypted clipboard key', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  test('a device turns it on, another unlocks with the passphrase and one with the recovery key: the same key', async () => {
    const owner = await testApp.factory.user();
    const { key, request, recoveryKey } = await keyOf(owner);
    expect((await testApp.as(owner).get(URL)).json()).toEqual({
      enabled: false,
      keyId: null,
      passphraseSalt: null,
      plainClips: 0,
      sealedClips: 0,
    });

    const enabled = await testApp.as(owner).put(URL, request);
    expect(enabled.statusCode).toBe(200);
    const status = enabled.json<{ passphraseSalt: string }>();
    expect(status).toEqual({
      enabled: true,
      keyId: await key.id(),
      passphraseSalt: request.passphrase.wrapped.salt,
      plainClips: 0,
      sealedClips: 0,
    });

    // A second device knows only the passphrase: the salt from the status, the proof from the passphrase.
    const pass = await UnlockSecret.fromPassphrase(PASSPHRASE, status.passphraseSalt);
    const unlocked = await testApp
      .as(owner)
      .post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: pass.unlockProof });
    expect(unlocked.statusCode).toBe(200);
    const opened = await pass.open(unlocked.json<{ wrapped: WrappedAccountKey }>().wrapped, owner.id);
    expect(await opened.id()).toBe(await key.id());

    const recovery = await UnlockSecret.fromRecoveryKey(recoveryKey.toLowerCase());
    const viaRecovery = await testApp
      .as(owner)
      .post(`${URL}/unlock`, { kind: 'recovery', unlockProof: recovery.unlockProof });
    expect(await (await recovery.open(viaRecovery.json<{ wrapped: WrappedAccountKey }>().wrapped, owner.id)).id()).toBe(
      await key.id(),
    );

    // Turning it on again would replace the key that sealed the history: refused.
    expect((await testApp.as(owner).put(URL, (await keyOf(owner)).request)).json()).toMatchObject({
      code: 'CONFLICT',
    });
  });

  test('the server keeps wrapped copies and hashes only: no passphrase, proof, recovery key or key in its row', async () => {
    const owner = await testApp.factory.user();
    const { key, request, recoveryKey } = await keyOf(owner);
    await testApp.api(owner).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body: request });
    const [row] = await testApp.context.db.select().from(clipboardKeys).where(eq(clipboardKeys.userId, owner.id));
    const stored = JSON.stringify(row);
    for (const secret of [PASSPHRASE, request.passphrase.unlockProof, request.recovery.unlockProof, recoveryKey]) {
      expect(stored).not.toContain(secret);
    }
    const opened = await (await UnlockSecret.fromRecoveryKey(recoveryKey)).open(row!.recoveryCopy, owner.id);
    expect(await opened.id()).toBe(await key.id());
  });

  test('wrong proofs are refused and counted per account, then locked for a while, as wrong sign-ins are', async () => {
    const owner = await testApp.factory.user();
    const { request, pass } = await keyOf(owner);
    await testApp.api(owner).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body: request });
    const wrong = { kind: 'passphrase', unlockProof: (await keyOf(owner)).pass.unlockProof };
    for (let attempt = 1; attempt <= UNLOCK_FAILURES_PER_ACCOUNT.max; attempt++) {
      const refused = await testApp.as(owner).post(`${URL}/unlock`, wrong);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'WRONG_PASSWORD',
        error: 'The passphrase or recovery key is wrong',
      });
    }
    const locked = await testApp.as(owner).post(`${URL}/unlock`, wrong);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The right passphrase waits too: the lock is the account's, not the wrong guess's.
    const right = await testApp.as(owner).post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: pass.unlockProof });
    expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account is not locked by them.
    const other = await testApp.factory.user();
    const otherKey = await keyOf(other);
    await testApp.api(other).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body: otherKey.request });
    const unlockedOther = await testApp
      .as(other)
      .post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: otherKey.pass.unlockProof });
    expect(unlockedOther.statusCode).toBe(200);
  });

  test("one account's proof opens nothing of another's; a signed-out caller gets 401; a token may only read and unlock", async () => {
    const [owner, other] = [await testApp.factory.user(), await testApp.factory.user()];
    const mine = await keyOf(owner);
    await testApp.api(owner).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body: mine.request });
    // The other account has no key: the owner's proof finds nothing there (and is not the owner's copy).
    expect(
      (await testApp.as(other).post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: mine.pass.unlockProof }))
        .statusCode,
    ).toBe(404);
    expect((await testApp.as(null).get(URL)).statusCode).toBe(401);
    expect(
      (await testApp.as(null).post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: mine.pass.unlockProof }))
        .statusCode,
    ).toBe(401);

    const token = await testApp.factory.token({ owner, scopes: ['clips:read'] });
    expect((await testApp.as(token.caller).get(URL)).json()).toMatchObject({ enabled: true });
    const viaToken = await testApp
      .as(token.caller)
      .post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: mine.pass.unlockProof });
    expect(viaToken.statusCode).toBe(200);
    const disableByToken = await testApp
      .as(token.caller)
      .post(`${URL}/disable`, { kind: 'passphrase', unlockProof: mine.pass.unlockProof });
    expect(disableByToken.json()).toMatchObject({ code: 'TOKEN_NOT_ALLOWED' });
    const writeOnly = await testApp.factory.token({ owner, scopes: ['clips:write'] });
    expect((await testApp.as(writeOnly.caller).get(URL)).json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
  });

  test('bad input is a 400 with its field named: a cut proof, an unknown kind, a copy not in the format', async () => {
    const owner = await testApp.factory.user();
    const { request, pass } = await keyOf(owner);
    const cases = [
      { url: `${URL}/unlock`, method: 'POST', payload: { kind: 'passphrase', unlockProof: pass.unlockProof.slice(1) } },
      { url: `${URL}/unlock`, method: 'POST', payload: { kind: 'password', unlockProof: pass.unlockProof } },
      {
        url: URL,
        method: 'PUT',
        payload: {
          ...request,
          passphrase: { ...request.passphrase, wrapped: { ...request.passphrase.wrapped, version: 2 } },
        },
      },
      {
        url: URL,
        method: 'PUT',
        payload: {
          ...request,
          recovery: { ...request.recovery, wrapped: { ...request.recovery.wrapped, envelope: 'not base64url!' } },
        },
      },
      { url: URL, method: 'PUT', payload: { ...request, keyId: 'x' } },
    ] as const;
    for (const { url, method, payload } of cases) {
      const response = await testApp.as(owner).inject(method, url, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await testApp.as(owner).get(URL)).json()).toMatchObject({ enabled: false });
  });

  test('a new passphrase re-wraps the same key; the old one stops unlocking, the recovery key still does; off forgets it', async () => {
    const owner = await testApp.factory.user();
    const { key, request, pass, recovery } = await keyOf(owner);
    await testApp.api(owner).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body: request });
    const renewed = await UnlockSecret.fromPassphrase('another long passphrase', newPassphraseSalt());
    const change = {
      proof: { kind: 'recovery', unlockProof: recovery.unlockProof },
      passphrase: { wrapped: await renewed.seal(key, owner.id), unlockProof: renewed.unlockProof },
    };
    const changed = await testApp.as(owner).put(`${URL}/passphrase`, change);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ enabled: true, keyId: await key.id() });
    const old = await testApp.as(owner).post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: pass.unlockProof });
    expect(old.statusCode).toBe(403);
    const fresh = await testApp
      .as(owner)
      .post(`${URL}/unlock`, { kind: 'passphrase', unlockProof: renewed.unlockProof });
    expect(await (await renewed.open(fresh.json<{ wrapped: WrappedAccountKey }>().wrapped, owner.id)).id()).toBe(
      await key.id(),
    );

    const wrongOff = await testApp
      .as(owner)
      .post(`${URL}/disable`, { kind: 'passphrase', unlockProof: pass.unlockProof });
    expect(wrongOff.statusCode).toBe(403);
    const off = await testApp.as(owner).post(`${URL}/disable`, { kind: 'recovery', unlockProof: recovery.unlockProof });
    expect(off.statusCode).toBe(204);
    expect((await testApp.as(owner).get(URL)).json()).toEqual({
      enabled: false,
      keyId: null,
      passphraseSalt: null,
      plainClips: 0,
      sealedClips: 0,
    });
  });
});
