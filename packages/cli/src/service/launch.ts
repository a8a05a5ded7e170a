import { realpathSync } from 'node:fs';

/** How the service starts the watch: this node, this CLI's entry and the `watch` arguments, all absolute. */
export interface WatchLaunch {
  /** The node binary running now (process.execPath). */
  node: string;
  /** The CLI entry running now (bin/clipsync.mjs or the bundle), links resolved. */
  script: string;
  /** What follows the script: `watch --service` and the watch flags given with `--install`. */
  args: string[];
}

/** The node and the entry of this very process: a service started later runs the same CLI, not one on PATH. */
export function currentLauncher(): Pick<WatchLaunch, 'node' | 'script'> {
  const entry = process.argv[1] ?? '';
  let script = entry;
  try {
    script = realpathSync(entry);
  } catch {
    // An entry that cannot be resolved (run from a pipe) is kept as given; install refuses a relative one.
  }
  return { node: process.execPath, script };
}

/** The whole command line as a list: what every service manager is given, one argument per entry. */
export const commandLine = (launch: WatchLaunch): string[] => [launch.node, launch.script, ...launch.args];

/** A path or argument no service file can hold safely: a line break or a NUL would end or cut its line. */
export function refuseUnsafe(values: readonly string[]): void {
  for (const value of values) {
    if (/[\0\r\n]/.test(value)) throw new Error(`A line break cannot go into a service file: ${JSON.stringify(value)}`);
  }
}
