import type { ShareKey } from '@clipsync/shared/crypto';
import { usageError } from '../errors';
import { clipIdArgument, clipLink } from '../session';

/** An encrypted clip's link: its page, with the key in the fragment, which browsers never send to the server. */
export const encryptedClipLink = (server: string, linkId: string, key: ShareKey): string =>
  `${clipLink(server, linkId)}#${key.fragment}`;

/** A clip's page path at the end of a link, after any base path the server is served under. */
const CLIP_PAGE_END = /\/clips\/([^/?#]+)\/?$/;

/**
 * What `pull` was pointed at: a clip id, or a link (`…/clips/{id}#k=…`, as push --e2e prints), with the key
 * from the link's fragment or `--key` (`k=…`, `#k=…` or the key alone). Only the id and the key are used:
 * the clip is read from the signed-in server, whatever host the link names.
 */
export function clipReference(
  argument: string,
  keyOption: string | undefined,
): { id: string; fragment: string | null } {
  const hashAt = argument.indexOf('#');
  const address = hashAt === -1 ? argument : argument.slice(0, hashAt);
  const linked = hashAt === -1 ? null : argument.slice(hashAt + 1);
  if (linked !== null && keyOption !== undefined) throw usageError('Give the key once: in the link or with --key');
  const id = CLIP_PAGE_END.exec(address.split('?')[0]!)?.[1] ?? address;
  return { id: clipIdArgument(id), fragment: linked ?? (keyOption === undefined ? null : asFragment(keyOption)) };
}

function asFragment(key: string): string {
  const bare = key.startsWith('#') ? key.slice(1) : key;
  return bare.includes('=') ? bare : `k=${bare}`;
}
