import { DEVICE_ENDPOINTS, DEVICE_NAME_MAX, DeviceName } from '@clipsync/shared';
import {
  COMMON_OPTIONS,
  COMMON_USAGE,
  parseCommandArgs,
  printJson,
  type Command,
  type CommandContext,
} from '../command';
import { deviceTable, pickDevice, type RetryHint } from '../device-match';
import { usageError } from '../errors';
import { printable } from '../format';
import { writeLine } from '../io';
import { signedInClient } from '../session';

export const devicesCommand: Command = {
  summary: 'your devices (name, id, kind, last seen): the names send --to takes; devices rename',
  usage: `Usage: clipsync devices
       clipsync devices rename DEVICE NEW-NAME

Without a subcommand, lists your account's devices (browsers, installed apps, CLIs): name, id, kind,
and when each was last seen, or that it is online now; "this device" marks this CLI's own, when it
signed in with clipsync login (a token made by hand on the web is no device).

rename  gives this CLI's own device a new name (1 to ${DEVICE_NAME_MAX} characters; quote it when it has
        spaces); other devices are renamed on the web's My devices page. DEVICE is its name, the start of
        its name (both case-insensitively) or of its id, as for clipsync send --to; when several devices
        match, it lists them with their ids: give the id.

Options:
${COMMON_USAGE}
`,
  async run(context) {
    const [subcommand, ...rest] = context.args;
    if (subcommand === 'rename') return rename({ ...context, args: rest });
    if (subcommand !== undefined && !subcommand.startsWith('-')) {
      throw usageError(`Unknown devices command: ${subcommand}`);
    }
    return list(context);
  },
};

async function list({ io, args, json }: CommandContext): Promise<void> {
  parseCommandArgs({ args, options: COMMON_OPTIONS });
  const client = await signedInClient(io);
  const { devices } = await client.call(DEVICE_ENDPOINTS.list);
  if (json) {
    printJson(io, { devices });
    return;
  }
  if (devices.length === 0) {
    writeLine(io.stderr, 'No devices yet: a browser, the installed app or clipsync login adds one.');
    return;
  }
  for (const line of deviceTable(devices, new Date())) writeLine(io.stdout, line);
}

async function rename({ io, args, json }: CommandContext): Promise<void> {
  const { positionals } = parseCommandArgs(
    { args, options: COMMON_OPTIONS, allowPositionals: true },
    { min: 2, max: 2 },
  );
  const [query, newName] = positionals as [string, string];
  const name = DeviceName.safeParse(newName);
  if (!name.success) throw usageError(`A device's name is 1 to ${DEVICE_NAME_MAX} characters, not "${newName}"`);
  const client = await signedInClient(io);
  const device = pickDevice((await client.call(DEVICE_ENDPOINTS.list)).devices, query, renameHint);
  const renamed = await client.call(DEVICE_ENDPOINTS.update, {
    params: { id: device.id },
    body: { name: name.data },
  });
  if (json) printJson(io, renamed);
  else writeLine(io.stdout, `Renamed ${printable(device.name)} to ${printable(renamed.name)} (${renamed.id})`);
}

/** A token renames its own device only (see the server's device policy): the hint names that one, or the web. */
const renameHint: RetryHint = (candidates) => {
  const own = candidates.find(({ device }) => device.current);
  return own
    ? `give the start of its id instead: clipsync devices rename ${own.start} NEW-NAME`
    : "none is this CLI's own device, the only one it renames: rename the others on the web's My devices page";
};
