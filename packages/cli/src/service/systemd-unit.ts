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
 * The user unit that runs `clipsync watch` with the session: restarted after a failure (a network that is not
 * up yet, a session bus that comes late), never after a clean stop, and enabled by `default.target`. It names
 * paths only: the token stays in the config file, which the watch reads as it does in a terminal.
 */
export function systemdUnit(launch: WatchLaunch): string {
  const command = commandLine(launch);
  refuseUnsafe(command);
  return `[Unit]
Description=ClipSync clipboard watch
After=graphical-session.target network-online.target

[Service]
Type=simple
ExecStart=${command.map(systemdArgument).join(' ')}
Restart=on-failure
RestartSec=10
# A missing clipboard tool or a refused token (exit 2 or 3) would fail the same way again at once.
RestartPreventExitStatus=2 3

[Install]
WantedBy=default.target
`;
}
