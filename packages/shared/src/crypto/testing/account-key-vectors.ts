import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AccountKey, UnlockSecret, unwrapClipKey, wrapClipKey, type WrappedAccountKey } from '../account-key';
import { fromHex, hex, replayRandom } from './helpers';

/** The account-key test vectors as docs/encryption.md#account-key-test-vectors prints them. */
export interface AccountKeyVectors {
  accountKey: string;
  keyId: string;
  account: string;
  passphrase: { passphrase: string; salt: string; nonce: string; unlockProof: string; wrapped: WrappedAccountKey };
  recovery: { recoveryKey: string; nonce: string; unlockProof: string; wrapped: WrappedAccountKey };
  /** Sealed clips' keys wrapped by the account's sealing key. */
  clipKeys: { clipKey: string; nonce: string; wrapped: string }[];
}

const MARKER = '<!-- account-key-vectors -->';

/** The JSON block right after the marker in docs/encryption.md: the page is the vectors' one copy. */
export function readAccountKeyVectors(): AccountKeyVectors {
  const page = readFileSync(findDoc(process.cwd()), 'utf8');
  const block = /```json\n([\s\S]*?)\n```/.exec(page.slice(page.indexOf(MARKER)));
  if (page.indexOf(MARKER) < 0 || !block) throw new Error(`docs/encryption.md has no ${MARKER} JSON block`);
  return JSON.parse(block[1]!) as AccountKeyVectors;
}

/** docs/encryption.md from the repository's root, found upwards (a web test's module URL is not a file URL). */
function findDoc(from: string): string {
  const path = join(from, 'docs', 'encryption.md');
  if (existsSync(path)) return path;
  if (dirname(from) === from) throw new Error('docs/encryption.md not found above the working directory');
  return findDoc(dirname(from));
}

/**
 * What this implementation makes of the vectors' inputs, in the vectors' shape: a client of the format matches
 * when the result equals the vectors. Both copies are also opened, and must give back the account key, and each
 * wrapped clip key must unwrap to its clip key.
 */
export async function replayAccountKeyVectors(vectors: AccountKeyVectors): Promise<AccountKeyVectors> {
  const key = new AccountKey(fromHex(vectors.accountKey));
  const pass = await UnlockSecret.fromPassphrase(vectors.passphrase.passphrase, vectors.passphrase.salt);
  const recovery = await UnlockSecret.fromRecoveryKey(vectors.recovery.recoveryKey);
  const opened = await Promise.all([
    pass.open(vectors.passphrase.wrapped, vectors.account),
    recovery.open(vectors.recovery.wrapped, vectors.account),
  ]);
  const openedIds = await Promise.all(opened.map((copy) => copy.id()));
  const keyId = await key.id();
  if (openedIds.some((id) => id !== keyId)) throw new Error(`a wrapped copy opened to another key: ${openedIds}`);
  const sealingKey = await key.sealingKey();
  const clipKeys = await Promise.all(
    vectors.clipKeys.map(async ({ clipKey, nonce, wrapped }) => {
      const unwrapped = hex(await unwrapClipKey(sealingKey, wrapped));
      if (unwrapped !== clipKey) throw new Error(`a wrapped clip key opened to ${unwrapped}, not ${clipKey}`);
      const random = replayRandom([fromHex(nonce)]);
      return { clipKey, nonce, wrapped: await wrapClipKey(sealingKey, fromHex(clipKey), random) };
    }),
  );
  return {
    accountKey: hex(fromHex(vectors.accountKey)),
    keyId,
    account: vectors.account,
    passphrase: {
      ...vectors.passphrase,
      unlockProof: pass.unlockProof,
      wrapped: await pass.seal(key, vectors.account, replayRandom([fromHex(vectors.passphrase.nonce)])),
    },
    recovery: {
      ...vectors.recovery,
      unlockProof: recovery.unlockProof,
      wrapped: await recovery.seal(key, vectors.account, replayRandom([fromHex(vectors.recovery.nonce)])),
    },
    clipKeys,
  };
}
