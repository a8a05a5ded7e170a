import { createApiClient } from '../api-client';
import { openClipboardBackend } from '../clipboard/open-backend';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, type Command } from '../command';
import { requireSignIn } from '../config';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { showNotification } from '../notify/desktop-notifier';
import { notificationOf } from '../notify/notification-text';
import { installWatchService, uninstallWatchService, watchServiceStatus } from '../service/service-commands';
import { WatchStateWriter, watchStatePath } from '../service/watch-state';
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
  usage: `Usage: clipsync watch [--send-only | --receive-only] [--interval MS] [--quiet | --show-text]
       clipsync watch --install [--send-only | --receive-only] [--interval MS] [--quiet | --show-text]
       clipsync watch --uninstall | --status

Follows this machine's clipboard both ways with your newest clip, until Ctrl-C:
what you copy here (text, and images on Linux) becomes a clip, and a new clip from any
device (or a saved edit of your newest clip) lands in this clipboard at once, over the
live connection. What the clipboard holds when watch starts stays here.

It never sends back what it wrote itself, nor writes back a clip it made: two machines
watching make one clip of one copy. It reconnects by itself after a network loss or a
server restart; a revoked token stops it (exit 3).

When your clipboard is encrypted end to end, what it sends is sealed here and what lands
is opened here, with the key clipsync unlock kept (held in memory while it runs); without
that key it stops at once: "run clipsync unlock first" (exit 1).

Clipboard tools: wl-clipboard on Wayland, xclip on X11, pbpaste/pbcopy on macOS,
PowerShell on Windows; watch names the one it uses, or what to install (exit 2).

With no terminal (the service --install makes), a send from another of your devices
shows a desktop notification: notify-send, osascript or a PowerShell toast. It says who
sent what kind of clip, not its text (a notification shows on a locked screen), unless
--show-text is given.

Options:
  --send-only      only send what is copied here
  --receive-only   only receive new clips
  --interval MS    how often xclip, pbpaste or PowerShell is read (${INTERVAL_MIN_MS} to ${INTERVAL_MAX_MS}, default ${INTERVAL_DEFAULT_MS})
  --quiet          no desktop notification of a received send
  --show-text      show the start of a received text in its notification
  --install        start this watch with every session (systemd user unit, LaunchAgent, or
                   Scheduled Task), with the flags given; it uses the stored sign-in
  --uninstall      stop that service and remove it
  --status         whether it is installed and runs, and when it last synced
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
        quiet: { type: 'boolean' },
        'show-text': { type: 'boolean' },
        install: { type: 'boolean' },
        uninstall: { type: 'boolean' },
        status: { type: 'boolean' },
        // Set by --install in the service's command line: it runs without a terminal, and where the config is.
        service: { type: 'boolean' },
        'config-home': { type: 'string' },
      },
    });
    const actions = (['install', 'uninstall', 'status'] as const).filter((action) => values[action]);
    if (actions.length > 1) throw usageError(`--${actions[0]} and --${actions[1]} exclude each other`);
    if (values.install && (values.service || values['config-home'] !== undefined)) {
      throw usageError('--service and --config-home are set by --install itself');
    }
    if (
      (values.uninstall || values.status) &&
      (values['send-only'] ||
        values['receive-only'] ||
        values.interval !== undefined ||
        values.quiet ||
        values['show-text'])
    ) {
      throw usageError(`--${actions[0]} takes no watch flags`);
    }
    const configHome = values['config-home'];
    const watchIo = configHome === undefined ? io : { ...io, env: { ...io.env, XDG_CONFIG_HOME: configHome } };
    if (values['send-only'] && values['receive-only']) {
      throw usageError('--send-only and --receive-only exclude each other');
    }
    if (values.quiet && values['show-text']) throw usageError('--quiet and --show-text exclude each other');
    const interval = values.interval === undefined ? INTERVAL_DEFAULT_MS : Number(values.interval);
    if (!Number.isInteger(interval) || interval < INTERVAL_MIN_MS || interval > INTERVAL_MAX_MS) {
      throw usageError(`--interval takes milliseconds from ${INTERVAL_MIN_MS} to ${INTERVAL_MAX_MS}`);
    }
    if (values.status) return watchServiceStatus(io, json);
    if (values.uninstall) return uninstallWatchService(io, json);
    if (values.install) {
      const flags = [
        ...(values['send-only'] ? ['--send-only'] : []),
        ...(values['receive-only'] ? ['--receive-only'] : []),
        ...(values.interval === undefined ? [] : ['--interval', String(interval)]),
        ...(values.quiet ? ['--quiet'] : []),
        ...(values['show-text'] ? ['--show-text'] : []),
      ];
      return installWatchService(io, json, flags);
    }
    const opened = openClipboardBackend(watchIo.platform, watchIo.env, interval);
    if ('advice' in opened) throw new CliError(`No clipboard to follow. ${opened.advice}`, EXIT.USAGE);
    const { server, token } = await requireSignIn(watchIo);
    // No one at a terminal to read a line (the service, or a watch with neither stdin nor stdout on one):
    // a received send is shown as a desktop notification instead.
    const unattended = values.service === true || (!io.stdout.isTTY && !io.stdin.isTTY);
    return runWatch({
      io: watchIo,
      json,
      backend: opened.backend,
      tools: opened.tools,
      client: createApiClient({ server, token }),
      token,
      send: !values['receive-only'],
      receive: !values['send-only'],
      ...(unattended && !values.quiet
        ? {
            notify: (arrived) =>
              void showNotification(opened.tools, watchIo.platform, notificationOf(arrived, values['show-text'])),
          }
        : {}),
      ...(values.service ? { state: new WatchStateWriter(watchStatePath(watchIo)) } : {}),
    });
  },
};
