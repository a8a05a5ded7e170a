import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import { DecryptError, ShareKey, decryptFile, decryptText, textNeedsPassword } from '@clipsync/shared/crypto';
import type { ApiClient } from '../api-client';
import { safeFileName, saveOnceWhole } from '../downloads';
import type { CliIo } from '../io';
import { ASK_PASSWORD, readSecret } from '../secret-input';
import { decrypting, undecryptable } from './errors';

export interface OpenOptions {
  /** The link's fragment (`k=…`), or null when none was given. */
  fragment: string | null;
  /** `--password`'s value: the password, ASK_PASSWORD, or undefined when not given. */
  password: string | undefined;
  /** `--files`: where the decrypted files go, if anywhere. */
  filesDirectory: string | undefined;
}

/**
 * An encrypted clip's text, and its files decrypted into the folder under their real names. Without a key
 * it fails like a wrong one: the envelope is never printed in place of the text.
 */
export async function openEncryptedClip(
  io: CliIo,
  client: ApiClient,
  clip: Clip,
  options: OpenOptions,
): Promise<{ text: string; saved: Array<{ name: string; type: string; path: string }> }> {
  if (options.fragment === null) throw undecryptable(new DecryptError('KEY_MALFORMED', 'no key was given'));
  // Checked before asking for a password, so a cut link fails at once rather than after the prompt.
  const fragment = options.fragment;
  await decrypting(async () => ShareKey.fromFragment(fragment));
  const password = await passwordFor(io, clip, options.password);
  const key = await decrypting(async () => ShareKey.fromFragment(fragment, { password }));
  // An empty content is a clip made with files alone by a client that sealed no text.
  const text = clip.content === '' ? '' : await decrypting(() => decryptText(clip.content, key));
  const saved = [];
  if (options.filesDirectory !== undefined) {
    for (const file of clip.files) {
      const response = await client.download(
        client.urlOf(CLIP_ENDPOINTS.download, { params: { fileId: file.id, name: safeFileName(file.name) } }),
      );
      const body = response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]);
      let type = '';
      const result = await decrypting(() =>
        saveOnceWhole(io, options.filesDirectory!, async (output) => {
          const { metadata, content } = await decryptFile(body, key);
          // Written aside and renamed only once the last record authenticated: a cut file never appears.
          await pipeline(Readable.from(content), output);
          type = metadata.type;
          return metadata.name;
        }),
      );
      saved.push({ ...result, type });
    }
  }
  return { text, saved };
}

/**
 * The password to mix in: `--password=VALUE` as given; asked (without echo, or stdin's first line) for
 * `--password` alone, or at a terminal when the clip needs one and none was given. A clip without a password
 * is never asked for one.
 */
async function passwordFor(io: CliIo, clip: Clip, given: string | undefined): Promise<string | undefined> {
  if (given !== undefined && given !== ASK_PASSWORD) return given;
  const needed = clip.content !== '' && (await decrypting(async () => textNeedsPassword(clip.content)));
  if (!needed && clip.content !== '') return undefined;
  if (given === ASK_PASSWORD || (needed && io.stdin.isTTY)) return readSecret(io, 'Password of the link: ');
  return undefined;
}
