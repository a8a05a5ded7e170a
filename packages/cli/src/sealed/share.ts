import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CLIP_ENDPOINTS, ResourceId, type ClipShareSettings, type UpdateClipShareRequest } from '@clipsync/shared';
import type { ApiClient } from '../api-client';
import { CliError, usageError } from '../errors';
import { writeLine, type CliIo } from '../io';
import { signedInClient } from '../session';
import { accountClipboard } from './clipboard';
import { createEncryptedClip, encryptedInput } from './create';
import { encryptedClipLink } from './link';

export interface EncryptedShareOptions {
  paths: string[];
  text: string | undefined;
  /** Mixed into the key, as push --e2e does: with --e2e the server never sees the password. */
  password: string | undefined;
  /** `--expires` and `--views`, set on the new clip's link through the same call as any share's. */
  settings: Pick<UpdateClipShareRequest, 'expiresAt' | 'maxViews'>;
}

/**
 * `share --e2e`: the clip is encrypted before anything is uploaded, so it is a new clip, made as
 * push --e2e makes one, and its link then gets the expiry and view limit asked for. Answers the link, key
 * included, the client it was made with, and the link's settings (null when none were asked: no limits).
 */
export async function shareNewEncryptedClip(
  io: CliIo,
  json: boolean,
  options: EncryptedShareOptions,
): Promise<{ client: ApiClient; id: string; url: string; share: ClipShareSettings | null }> {
  await refuseClipIds(io, options.paths);
  const input = await encryptedInput(io, options, options.paths);
  const client = await signedInClient(io);
  const { clip, key, url } = await createEncryptedClip(io, client, input, json, await accountClipboard(io, client));
  if (Object.keys(options.settings).length === 0) return { client, id: clip.id, url, share: null };
  try {
    const share = await client.call(CLIP_ENDPOINTS.updateShare, {
      params: { id: clip.id },
      body: options.settings,
    });
    return { client, id: clip.id, url: encryptedClipLink(client.server, share.linkId ?? clip.id, key), share };
  } catch (error) {
    // The link works already, without the limits asked for; its key is nowhere else.
    if (error instanceof CliError && !json) {
      writeLine(io.stderr, `The clip was made, but its expiry and views were not set: ${url}`);
    }
    throw error;
  }
}

/**
 * An id where a file was expected: the server holds that clip's text and files as they are, so encrypting
 * them now would not take them back from it.
 */
async function refuseClipIds(io: CliIo, paths: string[]): Promise<void> {
  for (const path of paths) {
    if (!ResourceId.safeParse(path).success) continue;
    const isFile = await stat(resolve(io.cwd, path)).then(
      () => true,
      () => false,
    );
    if (!isFile) {
      throw usageError(
        `${path} is a clip id, and an existing clip cannot be encrypted after the fact: share --e2e makes a new encrypted clip of text and files (push them again)`,
      );
    }
  }
}
