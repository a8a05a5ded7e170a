import { stat, readFile } from 'node:fs/promises';
import { CLIPBOARD_KEY_ENDPOINTS, type EnableClipboardKeyRequest } from '@clipsync/shared';
import { AccountKey, newPassphraseSalt, newRecoveryKey, UnlockSecret } from '@clipsync/shared/crypto';
import type { TestUser } from '@clipsync/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clipboardKeyPath } from '../src/clipboard-key';
import { writeStoredConfig } from '../src/config';
import { startCliHarness, type CliHarness } from './harness';

const PASSPHRASE = 'the passphrase of this clipboard';

describe('clipsync unlock and lock against a real server', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await startCliHarness();
  });
  afterAll(() => h.close());

  /** The web app turns the encryption on for `user`: the key and its two copies, made on the device. */
  async function sealedClipboardOf(user: TestUser) {
    const key = AccountKey.generate();
    const pass = await UnlockSecret.fromPassphrase(PASSPHRASE, newPassphraseSalt());
    const recoveryKey = newRecoveryKey();
    const recovery = await UnlockSecret.fromRecoveryKey(recoveryKey);
    const body = {
      keyId: await key.id(),
      passphrase: { wrapped: await pass.seal(key, user.id), unlockProof: pass.unlockProof },
      recovery: { wrapped: await recovery.seal(key, user.id), unlockProof: recovery.unlockProof },
    } as EnableClipboardKeyRequest;
    await h.testApp.api(user).call(CLIPBOARD_KEY_ENDPOINTS.enable, { body });
    return { key, recoveryKey };
  }

  test('with CLIPSYNC_PASSPHRASE it keeps the key, 0600, for this server and account; lock forgets it', async () => {
    const user = await h.testApp.factory.user();
    const { key } = await sealedClipboardOf(user);
    const env = { ...(await h.envOf(user, ['clips:read'])), CLIPSYNC_PASSPHRASE: PASSPHRASE };

    const unlocked = await h.cli(['unlock'], { env });
    expect(unlocked.stderr).toBe('');
    expect(unlocked.code).toBe(0);
    expect(unlocked.stdout).toContain(`Unlocked: this machine opens the sealed clipboard of ${user.email}.`);
    const path = clipboardKeyPath({ env: { XDG_CONFIG_HOME: h.configHome }, platform: 'linux', homedir: h.home });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    expect(kept).toEqual({ server: h.server, account: user.id, keyId: await key.id(), key: key.toBase64Url() });
    expect(JSON.stringify(kept)).not.toContain(PASSPHRASE);

    expect((await h.cli(['lock'], { env })).stdout).toContain('Locked: the key is forgotten on this machine.');
    await expect(stat(path)).rejects.toThrow();
    expect((await h.cli(['lock'], { env })).stdout).toContain('This machine kept no key.');
  });

  test('logout forgets the key with the sign-in it was opened under', async () => {
    const user = await h.testApp.factory.user();
    await sealedClipboardOf(user);
    const { token } = await h.tokenOf(user, ['clips:read']);
    const unlocked = h.cli(['unlock'], {
      env: { CLIPSYNC_URL: h.server, CLIPSYNC_TOKEN: token, CLIPSYNC_PASSPHRASE: PASSPHRASE },
    });
    expect((await unlocked).code).toBe(0);
    const io = { env: { XDG_CONFIG_HOME: h.configHome }, platform: 'linux' as const, homedir: h.home };
    await writeStoredConfig(io, { server: h.server, token });
    const out = await h.cli(['logout']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Deleted ${clipboardKeyPath(io)}`);
    await expect(stat(clipboardKeyPath(io))).rejects.toThrow();
  });

  test('the passphrase asked at a terminal, and the recovery key as printed (in lower case)', async () => {
    const user = await h.testApp.factory.user();
    const { key, recoveryKey } = await sealedClipboardOf(user);
    const env = await h.envOf(user, ['clips:read']);
    const typed = await h.cli(['unlock', '--json'], { env, typed: `${PASSPHRASE}\r` });
    expect(typed.code).toBe(0);
    expect(JSON.parse(typed.stdout)).toMatchObject({ unlocked: true, keyId: await key.id() });

    const viaRecovery = await h.cli(['unlock', '--recovery'], { env, stdin: `${recoveryKey.toLowerCase()}\n` });
    expect(viaRecovery.code).toBe(0);
  });

  test('a wrong passphrase keeps nothing and says so; a clipboard not sealed has nothing to unlock', async () => {
    const user = await h.testApp.factory.user();
    await sealedClipboardOf(user);
    await h.cli(['lock'], { env: await h.envOf(user) });
    const env = { ...(await h.envOf(user, ['clips:read'])), CLIPSYNC_PASSPHRASE: 'not the passphrase' };
    const wrong = await h.cli(['unlock'], { env });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The passphrase or recovery key is wrong');
    const path = clipboardKeyPath({ env: { XDG_CONFIG_HOME: h.configHome }, platform: 'linux', homedir: h.home });
    await expect(stat(path)).rejects.toThrow();

    const typo = await h.cli(['unlock', '--recovery'], { env, stdin: 'ABCD-EFGH\n' });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Not a recovery key');

    const plain = await h.testApp.factory.user();
    const nothing = await h.cli(['unlock'], { env: { ...(await h.envOf(plain)), CLIPSYNC_PASSPHRASE: PASSPHRASE } });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('Your clipboard is not encrypted end to end');
  });
});
