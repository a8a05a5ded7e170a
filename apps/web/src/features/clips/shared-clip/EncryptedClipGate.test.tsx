import 'fake-indexeddb/auto';
import { CLIPBOARD_KEY_ENDPOINTS, type Clip } from '@clipsync/shared';
import { AccountKey, encryptText, ShareKey } from '@clipsync/shared/crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { newClipKey } from '../../../lib/clipboard-key/clip-keys';
import { unlockedKeyStore } from '../../../lib/clipboard-key/unlocked-key-store';
import { sealedKeyStore } from '../../../lib/sealed-key-store';
import { AuthContext, type AuthContextValue } from '../../../session/auth-context';
import { fakeApi } from '../../../test/fake-api';
import { makeClip, testUser, VIEWER_ABILITIES } from '../../../test/fixtures';
import { EncryptedClipGate } from './EncryptedClipGate';

const FAILURE = 'This link is incomplete or the password is wrong';
/** Opening with a password runs PBKDF2 (600 000 rounds): seconds on a loaded machine, not the default 1 s. */
const OPENING = { timeout: 10_000 };

async function sealedClip(text: string, password?: string) {
  const key = ShareKey.generate({ password });
  const clip = makeClip({ id: 'sealed-1', encrypted: true, content: await encryptText(text, key) });
  return { clip, fragment: key.fragment };
}

/** The signed-in owner, for the clips their encrypted clipboard sealed. */
const signedIn: AuthContextValue = {
  status: 'signedIn',
  user: testUser,
  login: async () => undefined,
  logout: async () => undefined,
  checkSession: async () => undefined,
};

function renderGate(clip: Clip, hash = '', wrap = (page: ReactNode) => page) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {wrap(
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '/clips/:clipId',
                element: (
                  <EncryptedClipGate clip={clip}>
                    {(shown, encryption) => (
                      <p>
                        Shown: {shown.content} {encryption ? '(encrypted)' : '(plain)'}
                      </p>
                    )}
                  </EncryptedClipGate>
                ),
              },
            ],
            { initialEntries: [`/clips/${clip.id}${hash}`] },
          )}
        />,
      )}
    </QueryClientProvider>,
  );
}

describe('EncryptedClipGate', () => {
  afterEach(() => localStorage.clear());

  test('opens the text with the key in the link, never showing the envelope', async () => {
    const { clip, fragment } = await sealedClip('meet at noon');
    renderGate(clip, `#${fragment}`);
    expect(await screen.findByText('Shown: meet at noon (encrypted)')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(clip.content);
  });

  test.each([
    ['no key in the link', () => ''],
    ['a cut key', (fragment: string) => `#${fragment.slice(0, -3)}`],
    ['another clip’s key', () => `#${ShareKey.generate().fragment}`],
  ])('%s reads the one failure sentence', async (_case, linkHash) => {
    const { clip, fragment } = await sealedClip('meet at noon');
    renderGate(clip, linkHash(fragment));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE);
    expect(document.body.textContent).not.toContain(clip.content);
    expect(document.body.textContent).not.toContain('meet at noon');
  });

  test('altered data reads the same failure', async () => {
    const { clip, fragment } = await sealedClip('meet at noon');
    const flipped = clip.content.slice(0, -5) + (clip.content.at(-5) === 'A' ? 'B' : 'A') + clip.content.slice(-4);
    renderGate({ ...clip, content: flipped }, `#${fragment}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE);
  });

  test('asks for the password first; a wrong one reads the failure and may be tried again', async () => {
    const { clip, fragment } = await sealedClip('with a password', 'correct horse');
    renderGate(clip, `#${fragment}`);
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByRole('alert', {}, OPENING)).toHaveTextContent(FAILURE);
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByText('Shown: with a password (encrypted)', {}, OPENING)).toBeInTheDocument();
  });

  test("the owner's device opens it without the link, with the key it kept", async () => {
    const { clip, fragment } = await sealedClip('mine', 'pw');
    sealedKeyStore.remember(clip.id, { fragment, password: 'pw' });
    renderGate(clip);
    expect(await screen.findByText('Shown: mine (encrypted)', {}, OPENING)).toBeInTheDocument();
  });

  test("someone else on the owner's browser does not get the key it kept: the link must carry it", async () => {
    const { clip, fragment } = await sealedClip('mine');
    sealedKeyStore.remember(clip.id, { fragment });
    renderGate({ ...clip, abilities: VIEWER_ABILITIES });
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(screen.queryByText(/Shown:/)).not.toBeInTheDocument();
  });

  test('a clip that is not encrypted passes through', () => {
    renderGate(makeClip({ content: 'plain words' }));
    expect(screen.getByText('Shown: plain words (plain)')).toBeInTheDocument();
  });

  describe("a clip its owner's encrypted clipboard sealed", () => {
    const api = fakeApi();
    const asOwner = (page: ReactNode) => <AuthContext.Provider value={signedIn}>{page}</AuthContext.Provider>;
    afterEach(() => unlockedKeyStore.forgetAll());

    async function sealedByClipboard(text: string) {
      const account = AccountKey.generate();
      const keyId = await account.id();
      api
        .on(CLIPBOARD_KEY_ENDPOINTS.status)
        .mockResolvedValue({ enabled: true, keyId, passphraseSalt: 'c2FsdA', plainClips: 0, sealedClips: 1 });
      const sealingKey = await account.sealingKey();
      const { key, wrappedKey } = await newClipKey(sealingKey);
      const clip = makeClip({ id: 'sealed-2', encrypted: true, wrappedKey, content: await encryptText(text, key) });
      return { clip, keyId, sealingKey };
    }

    test('an unlocked device opens it with its wrapped key, no link needed', async () => {
      const { clip, keyId, sealingKey } = await sealedByClipboard('sealed words');
      await unlockedKeyStore.keep({ userId: testUser.id, keyId, sealingKey, isRemembered: false });
      renderGate(clip, '', asOwner);
      expect(await screen.findByText('Shown: sealed words (encrypted)')).toBeInTheDocument();
    });

    test('a locked device says "Locked" with the way to unlock, never the envelope', async () => {
      const { clip } = await sealedByClipboard('sealed words');
      renderGate(clip, '', asOwner);
      expect(await screen.findByText('Locked')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Unlock' })).toHaveAttribute('href', '/settings/privacy');
      expect(document.body.textContent).not.toContain(clip.content.slice(0, 20));
    });

    test("another account's key, or an altered wrapped key: the clipboard's failure sentence", async () => {
      const { clip, keyId } = await sealedByClipboard('sealed words');
      const other = await AccountKey.generate().sealingKey();
      await unlockedKeyStore.keep({ userId: testUser.id, keyId, sealingKey: other, isRemembered: false });
      renderGate(clip, '', asOwner);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "This clip did not open with your clipboard's key: it may have been altered.",
      );
      expect(screen.queryByText(/Shown:/)).not.toBeInTheDocument();
    });
  });
});
