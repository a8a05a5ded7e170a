import { TOKEN_ENDPOINTS } from '@clipsync/shared';
import { createApiClient } from '../api-client';
import { warnOfCleartext } from '../cleartext';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { configPath, readStoredConfig, removeStoredConfig, resolveConfig } from '../config';
import { clipboardKeyPath, forgetClipboardKey } from '../clipboard-key';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { writeLine } from '../io';

export const logoutCommand: Command = {
  summary: "revoke this machine's token on the server and forget it here",
  usage: `Usage: clipsync logout

Revokes the token this machine uses (it stops working at once, everywhere), then deletes the stored
sign-in and the clipboard key clipsync unlock kept. When the server cannot be reached, nothing is forgotten: run it again once it can.

Options:
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    parseCommandArgs({ args, options: COMMON_OPTIONS });
    const config = await resolveConfig(io);
    if (!config.token && config.storedForOtherServer) {
      // CLIPSYNC_URL names another server: the stored token is not sent there, and the sign-in it belongs to stays.
      if (json) printJson(io, { revoked: false, forgotten: false });
      else writeLine(io.stderr, `Not signed in to ${config.server}: nothing to do (${configPath(io)} is kept)`);
      return;
    }
    if (!config.token || !config.server) {
      const forgot = await removeStoredConfig(io);
      if (json) printJson(io, { revoked: false, forgotten: forgot });
      else writeLine(io.stderr, 'Not signed in: nothing to do');
      return;
    }
    warnOfCleartext(io.stderr, config.server);
    let revoked = true;
    try {
      await createApiClient({ server: config.server, token: config.token }).call(TOKEN_ENDPOINTS.revokeCurrent);
    } catch (error) {
      // Already revoked (from the settings page, say): the server has nothing left to end, so forget it here.
      if (!(error instanceof CliError) || error.exitCode !== EXIT.NOT_SIGNED_IN) throw error;
      revoked = false;
    }
    // The stored token is forgotten only when it is the one just ended: a token from CLIPSYNC_TOKEN leaves
    // the stored sign-in (another token, still live) alone.
    const stored = await readStoredConfig(io);
    const forgotten = stored?.token === config.token ? await removeStoredConfig(io) : false;
    // A sealed clipboard's key goes with the sign-in it was opened under: a signed-out machine reads nothing.
    const keyForgotten = forgotten && (await forgetClipboardKey(io));
    if (json) {
      printJson(io, { revoked, forgotten });
      return;
    }
    writeLine(
      io.stdout,
      revoked ? `Signed out of ${config.server}: the token is revoked` : 'The token was already revoked on the server',
    );
    if (forgotten) writeLine(io.stdout, `Deleted ${configPath(io)}`);
    if (keyForgotten) writeLine(io.stdout, `Deleted ${clipboardKeyPath(io)}`);
    if (config.tokenFrom === 'env') writeLine(io.stderr, 'CLIPSYNC_TOKEN still holds the ended token: unset it.');
  },
};
