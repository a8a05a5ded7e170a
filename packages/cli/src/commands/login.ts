import { hostname } from 'node:os';
import {
  DEVICE_CLIENT_NAME_MAX,
  DEVICE_SIGN_IN_ENDPOINTS,
  DeviceTokenError,
  DeviceTokenResponse,
  TOKEN_ENDPOINTS,
  type DeviceCodeResponse,
  type DeviceSignInScope,
} from '@clipsync/shared';
import { createApiClient, refusalOf, type ApiClient } from '../api-client';
import { warnOfCleartext } from '../cleartext';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { normalizeServerUrl, readStoredConfig, resolveConfig, writeStoredConfig, type StoredConfig } from '../config';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { writeLine, type CliIo } from '../io';
import { terminalQr } from '../qr';

/** What the CLI's commands need (clips and the desktop; no rooms), asked for and shown at approval. */
export const CLI_SCOPES: DeviceSignInScope[] = ['clips:read', 'clips:write', 'desktop'];
/** RFC 8628: after `slow_down`, the device waits this much longer between polls from then on. */
const SLOW_DOWN_STEP_MS = 5_000;

export const loginCommand: Command = {
  summary: 'sign in to a ClipSync server from this machine (device sign-in in a browser)',
  usage: `Usage: clipsync login [URL]

Signs this machine in to the ClipSync server at URL (else CLIPSYNC_URL, else the server signed in to last).
It prints a code, a link and a QR code: open the link in a browser where you are signed in (or scan the
code with your phone). The page shows a code and asks whether your device shows it: answer yes only if it
is exactly the code printed here, then approve. The token it receives (${CLI_SCOPES.join(', ')}, less what
you untick) is stored in your config folder, readable by you alone; clipsync logout revokes it.

Options:
  --no-qr          the link and code only
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      { args, options: { ...COMMON_OPTIONS, 'no-qr': { type: 'boolean' } }, allowPositionals: true },
      { max: 1 },
    );
    const known = await resolveConfig(io).catch(() => null);
    const given = positionals[0] ?? io.env.CLIPSYNC_URL ?? known?.server;
    if (!given) throw usageError('Which server? clipsync login https://clips.example.com');
    const server = normalizeServerUrl(given);
    // Said before the code is shown: the token it ends in would cross the network in clear.
    warnOfCleartext(io.stderr, server);
    const anonymous = createApiClient({ server });

    const clientName = `clipsync CLI on ${hostname()}`.slice(0, DEVICE_CLIENT_NAME_MAX);
    const grant = await anonymous.call(DEVICE_SIGN_IN_ENDPOINTS.code, { body: { clientName, scopes: CLI_SCOPES } });
    await showCode(io, grant, !values['no-qr']);
    const token = await pollForToken(io, anonymous, grant);

    const signedIn = createApiClient({ server, token });
    const current = await signedIn.call(TOKEN_ENDPOINTS.current);
    const replaced = await readStoredConfig(io).catch(() => null);
    const path = await writeStoredConfig(io, { server, token });
    if (replaced && replaced.server === server && replaced.token !== token) await endReplacedToken(io, replaced);
    if (json) {
      printJson(io, { server, user: current.user, token: current.token });
    } else {
      writeLine(io.stdout, `Signed in to ${server} as ${current.user.email}. Token stored in ${path}`);
    }
    const unticked = CLI_SCOPES.filter((scope) => !current.token.scopes.includes(scope));
    if (unticked.length > 0) {
      writeLine(
        io.stderr,
        `Note: not approved: ${unticked.join(', ')}. Commands that need it are refused; run clipsync login again to approve it.`,
      );
    }
    if (io.env.CLIPSYNC_TOKEN) {
      writeLine(io.stderr, 'Note: CLIPSYNC_TOKEN is set and overrides the stored token until you unset it.');
    }
  },
};

/**
 * The code and where to type it, for the person at the keyboard (stderr: stdout stays the command's answer).
 * The page asks whether this screen shows the code it was given (RFC 8628 §5.4): that is how a link someone
 * else started is told from this one, so the code is said plainly and the check asked for.
 */
async function showCode(io: CliIo, grant: DeviceCodeResponse, withQr: boolean): Promise<void> {
  const minutes = Math.round(grant.expires_in / 60);
  writeLine(io.stderr, `To sign in, open ${grant.verification_uri_complete}`);
  writeLine(io.stderr, `in a browser where you are signed in (or open ${grant.verification_uri} and type the code).`);
  writeLine(io.stderr, '');
  writeLine(io.stderr, `    Your code: ${grant.user_code}`);
  writeLine(io.stderr, '');
  writeLine(io.stderr, 'The page asks whether your device shows its code: answer yes only if it is exactly this one.');
  if (withQr) {
    writeLine(io.stderr, 'Or scan this with your phone:');
    io.stderr.write(await terminalQr(grant.verification_uri_complete));
  }
  writeLine(io.stderr, `Waiting for approval (the code works for ${minutes} minutes; Ctrl-C to stop)…`);
}

/**
 * Polls the token endpoint as RFC 8628 asks: every `interval` seconds, five more after each `slow_down`,
 * until the browser approves (the token), denies, or the code expires.
 */
async function pollForToken(io: CliIo, client: ApiClient, grant: DeviceCodeResponse): Promise<string> {
  let waitMs = grant.interval * 1000;
  for (;;) {
    try {
      await io.sleep(waitMs, io.signal);
    } catch {
      throw new CliError('Sign-in stopped before it was approved', EXIT.GENERAL_FAILURE, {
        error: 'Sign-in stopped',
        code: 'INTERRUPTED',
      });
    }
    const response = await client.send(DEVICE_SIGN_IN_ENDPOINTS.token, { body: { device_code: grant.device_code } });
    if (response.ok) {
      const answer = DeviceTokenResponse.safeParse(await response.json().catch(() => null));
      if (answer.success) return answer.data.access_token;
      throw new CliError('The server answered the sign-in with something unexpected', EXIT.GENERAL_FAILURE);
    }
    if (response.status !== 400) throw await refusalOf(response);
    const refusal = DeviceTokenError.safeParse(await response.json().catch(() => null));
    if (!refusal.success) throw new CliError('The server refused the sign-in', EXIT.GENERAL_FAILURE);
    const body = { error: refusal.data.error_description, code: refusal.data.code };
    switch (refusal.data.error) {
      case 'authorization_pending':
        continue;
      case 'slow_down':
        waitMs += SLOW_DOWN_STEP_MS;
        continue;
      case 'access_denied':
        throw new CliError('The sign-in was denied in the browser. Nothing was stored.', EXIT.GENERAL_FAILURE, body);
      case 'expired_token':
        throw new CliError(
          'The code expired before it was approved. Run clipsync login again for a new one.',
          EXIT.GENERAL_FAILURE,
          body,
        );
      case 'invalid_grant':
        throw new CliError(
          'The server no longer knows this sign-in. Run clipsync login again.',
          EXIT.GENERAL_FAILURE,
          body,
        );
    }
  }
}

/**
 * Signing in again replaces the stored token: the old one is revoked, so repeated sign-ins do not pile up
 * live tokens (a user holds 50 at most). One already revoked, or a server out of reach, is only reported.
 */
async function endReplacedToken(io: CliIo, replaced: StoredConfig): Promise<void> {
  try {
    await createApiClient(replaced).call(TOKEN_ENDPOINTS.revokeCurrent);
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.NOT_SIGNED_IN) return;
    writeLine(
      io.stderr,
      `The previous token could not be revoked (${(error as Error).message}): revoke it in Access tokens.`,
    );
  }
}
