/**
 * The `clipsync` command (docs/cli.md). `bin/clipsync.mjs` runs the bundle `npm pack` makes, else this file
 * through tsx. `run(argv, io)` picks a command from the table below; the server and token are kept in the
 * user's config folder (file 0600), and every run ends with one of the documented exit codes. The OS
 * clipboard is one interface over each platform's tool; `watch` keeps a live socket and syncs both ways, and
 * can install itself as a user service. The tests run against a real server on a port, and the binary as a
 * process.
 */
import type { Command } from './command';
import { desktopCommand } from './commands/desktop';
import { devicesCommand } from './commands/devices';
import { loginCommand } from './commands/login';
import { logoutCommand } from './commands/logout';
import { lsCommand } from './commands/ls';
import { pullCommand } from './commands/pull';
import { pushCommand } from './commands/push';
import { rmCommand } from './commands/rm';
import { sendCommand } from './commands/send';
import { shareCommand } from './commands/share';
import { unlockCommand } from './commands/unlock';
import { lockCommand } from './commands/lock';
import { watchCommand } from './commands/watch';
import { whoamiCommand } from './commands/whoami';
import { CliError } from './errors';
import { EXIT } from './exit-codes';
import { printable, printableJson } from './format';
import { processIo, writeLine, type CliIo } from './io';
import packageJson from '../package.json' with { type: 'json' };

/** Every command by the name typed after `clipsync`; the order is the help's. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  login: loginCommand,
  logout: logoutCommand,
  whoami: whoamiCommand,
  push: pushCommand,
  pull: pullCommand,
  ls: lsCommand,
  share: shareCommand,
  send: sendCommand,
  devices: devicesCommand,
  rm: rmCommand,
  watch: watchCommand,
  desktop: desktopCommand,
  unlock: unlockCommand,
  lock: lockCommand,
};

function topLevelHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `clipsync ${packageJson.version}: ClipSync from the terminal

Usage: clipsync <command> [options]

Commands:
${lines.join('\n')}

Every command takes --help and --json. Exit status: 0 ok, 1 refused by the server, 2 usage,
3 not signed in or token revoked, 4 network, 5 too large.
Server and token: CLIPSYNC_URL and CLIPSYNC_TOKEN override what clipsync login stored. The stored token
is sent only to the stored server: with CLIPSYNC_URL naming another one, set CLIPSYNC_TOKEN too.
Plain http:// beyond this machine and its local network is warned of on stderr.
`;
}

/** Whether the arguments ask for help, before any `--` (after it, `-h` is someone's text). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * The CLI as a function: parses `argv` (the arguments after `clipsync`), runs the command with `io` and
 * answers the exit status. Nothing here touches `process`: tests run it in-process with captured streams.
 */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    io.stderr.write(topLevelHelp());
    return EXIT.USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const about = name === 'help' && args[0] ? COMMANDS[args[0]] : undefined;
    io.stdout.write(about ? about.usage : topLevelHelp());
    return EXIT.OK;
  }
  if (name === '--version' || name === '-V') {
    writeLine(io.stdout, packageJson.version);
    return EXIT.OK;
  }
  const json = args.includes('--json');
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    return fail(io, json, new CliError(`Unknown command: ${name}`, EXIT.USAGE));
  }
  if (asksForHelp(args)) {
    io.stdout.write(command.usage);
    return EXIT.OK;
  }
  try {
    return (await command.run({ io, args, json })) ?? EXIT.OK;
  } catch (error) {
    return fail(io, json, error);
  }
}

/** Prints a failure (one line for people, or the server's `{error, code}` for `--json`) and answers its status. */
function fail(io: CliIo, json: boolean, error: unknown): number {
  const failure =
    error instanceof CliError
      ? error
      : new CliError(error instanceof Error ? error.message : String(error), EXIT.GENERAL_FAILURE);
  // A message may carry a server's words or a name from the command line: neither may act on the terminal.
  if (json) writeLine(io.stderr, printableJson(failure.body));
  // Line by line: a message may list choices on lines of their own (the devices a name matches).
  else writeLine(io.stderr, `clipsync: ${failure.message.split('\n').map(printable).join('\n')}`);
  // The one pointer to the help, for every usage error: messages themselves do not repeat it.
  if (failure.exitCode === EXIT.USAGE && !json) writeLine(io.stderr, 'See clipsync --help');
  return failure.exitCode;
}

/**
 * The CLI in this process (bin/clipsync.mjs): the process's streams and environment, and Ctrl-C (or SIGTERM)
 * as an abort a long command (a sign-in's wait, `watch`) ends on cleanly; a second one ends the process.
 */
export async function runAsProcess(): Promise<number> {
  const interrupt = new AbortController();
  const onInterrupt = () => {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
    interrupt.abort();
  };
  // SIGTERM is how a service manager (systemd, a container) stops `watch`: it ends as cleanly as on Ctrl-C.
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    return await run(process.argv.slice(2), processIo(interrupt.signal));
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
