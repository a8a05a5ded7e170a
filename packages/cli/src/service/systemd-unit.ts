import { commandLine, refuseUnsafe, type WatchLaunch } from './launch';

export const SYSTEMD_UNIT_NAME = 'clipsync-watch.service';

/**
 * One argument as systemd's command-line syntax reads it: in double quotes, with `\` and `"` escaped, `%` made
 * `%%` (a specifier otherwise) and `$` made `$$` (an environment variable otherwise). A path with a space stays
 * one argument.
 */
export function systemdArgument(value: string): string {
  const escaped = value
    .replace(/[\\"]/g, (character) => `\\${character}`)
    .replace(/%/g, '%%')
    .replace(/\$/g, '$$$$');
  return `"${escaped}"`;
}

/**
 * The user unit that runs `clipsync watch` with the session: restarted after a failure (a server not reachable
 * yet, a display the session hands over late), never after a clean stop, and enabled by `default.target`. It names
 * paths only: the token stays in the config file, which the watch reads as it does in a terminal.
 */
export function systemdUnit(launch: WatchLaunch): string {
  const command = commandLine(launch);
  refuseUnsafe(command);
  return `[Unit]
Description=ClipSync clipboard watch
After=graphical-session.target
# A failure that repeats (no display ever handed over) stops after 10 starts in 5 minutes instead of
# restarting every 10 s for ever; a new log-in, or systemctl --user reset-failed then start, tries again.
StartLimitIntervalSec=300
StartLimitBurst=10

[Service]
Type=simple
ExecStart=${command.map(systemdArgument).join(' ')}
Restart=on-failure
RestartSec=10
# A refused token (exit 3) fails the same way until clipsync login. A missing display (exit 2) is retried:
# the session may hand DISPLAY or WAYLAND_DISPLAY to the user manager after this unit started.
RestartPreventExitStatus=3

[Install]
WantedBy=default.target
`;
}
