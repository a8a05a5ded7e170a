import { CLIP_ENDPOINTS, ResourceId, pathTo, type AppRoute, type Clip } from '@clipsync/shared';
import { createApiClient, type ApiClient } from './api-client';
import { requireSignIn } from './config';
import { CliError, usageError } from './errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';

/** The client of the signed-in user (stored sign-in, or CLIPSYNC_URL and CLIPSYNC_TOKEN); exit 3 without one. */
export async function signedInClient(io: CliIo): Promise<ApiClient> {
  const { server, token } = await requireSignIn(io);
  return createApiClient({ server, token, progress: io.stderr });
}

/** The web app's page of one clip: the link people open, the same one the web's share dialog gives. */
const CLIP_PAGE = '/clips/:clipId' satisfies AppRoute;

export const clipLink = (server: string, clipId: string): string => `${server}${pathTo(CLIP_PAGE, { clipId })}`;

/** A clip id as typed, checked before any call: a typo is a usage error, not the server's "Invalid params". */
export function clipIdArgument(id: string): string {
  if (!ResourceId.safeParse(id).success) {
    throw usageError(`Not a clip id: ${id} (ids are 22 characters, as clipsync ls shows them)`);
  }
  return id;
}

/**
 * A clip with its content. Someone else's clip with a view limit or a password answers only its card
 * until a view is spent, which the CLI does not do on a plain read.
 */
export async function readClip(client: ApiClient, id: string): Promise<Clip> {
  const answer = await client.call(CLIP_ENDPOINTS.get, { params: { id } });
  if ('protected' in answer) {
    throw new CliError(
      'This clip is protected by a view limit or a password: open its link in a browser.',
      EXIT.GENERAL_FAILURE,
    );
  }
  return answer;
}
