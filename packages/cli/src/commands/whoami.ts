import { TOKEN_ENDPOINTS } from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { printable } from '../format';
import { writeLine } from '../io';
import { signedInClient } from '../session';

export const whoamiCommand: Command = {
  summary: 'show the account, server and token this machine uses',
  usage: `Usage: clipsync whoami

Shows whose account this machine is signed in to, on which server, and the token's name and scopes.

Options:
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    parseCommandArgs({ args, options: COMMON_OPTIONS });
    const client = await signedInClient(io);
    const { user, token } = await client.call(TOKEN_ENDPOINTS.current);
    if (json) {
      printJson(io, { server: client.server, user, token });
      return;
    }
    writeLine(io.stdout, `${printable(user.name)} <${user.email}>`);
    writeLine(io.stdout, `server: ${client.server}`);
    writeLine(io.stdout, `token:  ${printable(token.name)} (${token.scopes.join(', ')})`);
    if (token.expiresAt) writeLine(io.stdout, `expires: ${token.expiresAt}`);
  },
};
