import { DEVICE_ENDPOINTS, DEVICE_NAME_MAX, DeviceName, type Device } from '@clipsync/shared';
import {
  COMMON_OPTIONS,
  COMMON_USAGE,
  parseCommandArgs,
  printJson,
  type Command,
  type CommandContext,
} from '../command';
import { pickDevice } from '../device-match';
import { usageError } from '../errors';
import { formatWhen, printable } from '../format';
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

/** The devices as a table with a header, its columns as wide as their widest cell. */
function deviceTable(devices: readonly Device[], now: Date): string[] {
  const rows = devices.map((device) => [
    printable(device.name),
    device.id,
    device.kind,
    [
      device.online ? 'online' : formatWhen(new Date(device.lastSeenAt), now),
      ...(device.current ? ['this device'] : []),
    ].join(' · '),
  ]);
  const table = [['NAME', 'ID', 'KIND', 'LAST SEEN'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => [...row[column]!].length)));
  return table.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell + ' '.repeat(widths[column]! - [...cell].length)))
      .join('  '),
  );
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
  const device = pickDevice((await client.call(DEVICE_ENDPOINTS.list)).devices, query);
  const renamed = await client.call(DEVICE_ENDPOINTS.update, {
    params: { id: device.id },
    body: { name: name.data },
  });
  if (json) printJson(io, renamed);
  else writeLine(io.stdout, `Renamed ${printable(device.name)} to ${printable(renamed.name)} (${renamed.id})`);
}
