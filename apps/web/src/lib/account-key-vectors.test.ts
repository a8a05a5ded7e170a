import { readAccountKeyVectors, replayAccountKeyVectors } from '@clipsync/shared/crypto/account-key-vectors';
import { expect, test } from 'vitest';

// The web app seals and opens an account's key with the shared code, in this environment's WebCrypto and
// WebAssembly: the vectors of docs/encryption.md must come out the same here (Argon2id at 64 MiB: ~0.5 s).
test('the account-key vectors of docs/encryption.md, made and opened in the web app', { timeout: 60_000 }, async () => {
  const vectors = readAccountKeyVectors();
  expect(await replayAccountKeyVectors(vectors)).toEqual(vectors);
});
