import { createApiClient } from '../api-client';
import { openClipboardBackend } from '../clipboard/open-backend';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, type Command } from '../command';
import { requireSignIn } from '../config';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { runWatch } from '../watch/run-watch';

/**
 * How often a clipboard without change notification (X11, macOS, Windows) is read. 100 ms keeps a copy's
 * trip to another machine within its 250 ms budget (bench/README.md) at one short xclip run per read.
 */
const INTERVAL_DEFAULT_MS = 100;
const INTERVAL_MIN_MS = 50;
const INTERVAL_MAX_MS = 5_000;

export const watchCommand: Command = {
  summary: 'follow the OS clipboard both ways with your newest clip',
  usage: `Usage: clipsync watch [--send-only | --receive-only] [--interval MS]

Follows this machine's clipboard both ways with your newest clip, until Ctrl-C:
what you copy here (text, and images on Linux) becomes a clip, and a new clip from any
device (or a saved edit of your newest clip) lands in this clipboard at once, over the
live connection. What the clipboard holds when watch starts stays here.

It never sends back what it wrote itself, nor writes back a clip it made: two machines
watching make one clip of one copy. It reconnects by itself after a network loss or a
server restart; a revoked token stops it (exit 3).

Clipboard tools: wl-clipboard on Wayland, xclip on X11, pbpaste/pbcopy on macOS,
PowerShell on Windows; watch names the one it uses, or what to install (exit 2).

Options:
  --send-only      only send what is copied here
  --receive-only   only receive new clips
  --interval MS    how often xclip, pbpaste or PowerShell is read (${INTERVAL_MIN_MS} to ${INTERVAL_MAX_MS}, default ${INTERVAL_DEFAULT_MS})
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values } = parseCommandArgs({
      args,
      options: {
        ...COMMON_OPTIONS,
        'send-only': { type: 'boolean' },
        'receive-only': { type: 'boolean' },
        interval: { type: 'string' },
      },
    });
    if (values['send-only'] && values['receive-only']) {
      throw usageError('--send-only and --receive-only exclude each other');
    }
    const interval = values.interval === undefined ? INTERVAL_DEFAULT_MS : Number(values.interval);
    if (!Number.isInteger(interval) || interval < INTERVAL_MIN_MS || interval > INTERVAL_MAX_MS) {
      throw usageError(`--interval takes milliseconds from ${INTERVAL_MIN_MS} to ${INTERVAL_MAX_MS}`);
    }
    const opened = openClipboardBackend(io.platform, io.env, interval);
    if ('advice' in opened) throw new CliError(`No clipboard to follow. ${opened.advice}`, EXIT.USAGE);
    const { server, token } = await requireSignIn(io);
    return runWatch({
      io,
      json,
      backend: opened.backend,
      tools: opened.tools,
      client: createApiClient({ server, token }),
      token,
      send: !values['receive-only'],
      receive: !values['send-only'],
    });
  },
};
