import 'fake-indexeddb/auto';
import { AccountKey } from '@clipsync/shared/crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createUnlockedKeyStore, unlockedKeyStore, type UnlockedClipboardKey } from './unlocked-key-store';

/** A reloaded page's store: this tab's memory is gone, IndexedDB is not. */
const reloadedStore = () => createUnlockedKeyStore();

async function unlockedKey(userId: string, isRemembered: boolean): Promise<UnlockedClipboardKey> {
  const key = AccountKey.generate();
  return { userId, keyId: await key.id(), sealingKey: await key.sealingKey(), isRemembered };
}

/** The sealing key still seals and opens: what was kept is a working key, not a copy of its description. */
async function roundTrip(sealingKey: CryptoKey) {
  const iv = new Uint8Array(12);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, sealingKey, new Uint8Array([1, 2, 3]));
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, sealingKey, sealed));
}

describe('the unlocked clipboard key', () => {
  afterEach(() => unlockedKeyStore.forgetAll());

  test('remembered on this device: a reloaded page finds the same non-extractable sealing key', async () => {
    const key = await unlockedKey('ada', true);
    await unlockedKeyStore.keep(key);
    expect(unlockedKeyStore.snapshot()).toEqual({ userId: 'ada', key });

    const found = await reloadedStore().load('ada');
    expect(found).toMatchObject({ userId: 'ada', keyId: key.keyId, isRemembered: true });
    expect(found!.sealingKey.extractable).toBe(false);
    expect(await roundTrip(found!.sealingKey)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await reloadedStore().load('grace')).toBeNull();
  });

  test('not remembered: kept in this tab only, gone after a reload', async () => {
    const key = await unlockedKey('ada', false);
    await unlockedKeyStore.keep(key);
    expect(await unlockedKeyStore.load('ada')).toBe(key);
    expect(await reloadedStore().load('ada')).toBeNull();
  });

  test('unlocking for this tab only forgets a key the device remembered', async () => {
    await unlockedKeyStore.keep(await unlockedKey('ada', true));
    await unlockedKeyStore.keep(await unlockedKey('ada', false));
    expect(await reloadedStore().load('ada')).toBeNull();
  });

  test('"Lock this device" forgets it in the tab and on the device', async () => {
    await unlockedKeyStore.keep(await unlockedKey('ada', true));
    await unlockedKeyStore.lock('ada');
    expect(unlockedKeyStore.snapshot()).toEqual({ userId: 'ada', key: null });
    expect(await unlockedKeyStore.load('ada')).toBeNull();
    expect(await reloadedStore().load('ada')).toBeNull();
  });

  test("signing out forgets every account's key, remembered or not, and tells the screens", async () => {
    await unlockedKeyStore.keep(await unlockedKey('ada', true));
    const listener = vi.fn();
    const unsubscribe = unlockedKeyStore.subscribe(listener);
    await unlockedKeyStore.forgetAll();
    unsubscribe();
    expect(listener).toHaveBeenCalled();
    expect(unlockedKeyStore.snapshot()).toEqual({ userId: null, key: null });
    expect(await unlockedKeyStore.load('ada')).toBeNull();
    expect(await reloadedStore().load('ada')).toBeNull();
  });
});
