import { isAbsolute, resolve } from 'node:path';
import { ToolRunner } from '../clipboard/tools';
import { printJson } from '../command';
import { configDirectory, readStoredConfig } from '../config';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { printable } from '../format';
import { writeLine, type CliIo } from '../io';
import { currentLauncher, type WatchLaunch } from './launch';
import { serviceFor } from './service-for';
import { readWatchState } from './watch-state';

/**
 * `watch --install`: the service written for this system and started, running this node and this CLI's entry
 * with `watch --service` and the flags given. The service reads the stored sign-in (`clipsync login`), as a
 * watch in a terminal does: no token is ever written into its file.
 */
export async function installWatchService(io: CliIo, json: boolean, watchFlags: string[]): Promise<number> {
  if (!(await readStoredConfig(io))) {
    throw new CliError(
      'Not signed in: run clipsync login URL first. The service uses the stored sign-in; a token is never written into its file',
      EXIT.NOT_SIGNED_IN,
    );
  }
  const { node, script } = io.launcher ?? currentLauncher();
  if (!isAbsolute(node) || !isAbsolute(script)) {
    throw new CliError(`The service needs this CLI's absolute path, not ${script}`, EXIT.GENERAL_FAILURE);
  }
  // The config folder the CLI uses now, named when chosen by XDG_CONFIG_HOME: a service does not inherit a shell's.
  // Made absolute: the service does not start where this shell is.
  const configHome = io.env.XDG_CONFIG_HOME ? ['--config-home', resolve(io.cwd, io.env.XDG_CONFIG_HOME)] : [];
  const launch: WatchLaunch = { node, script, args: ['watch', '--service', ...configHome, ...watchFlags] };
  const tools = new ToolRunner(io.env);
  const report = await serviceFor(io, tools).install(launch);
  if (json) {
    printJson(io, { event: 'installed', ...report, command: [node, script, ...launch.args] });
  } else {
    writeLine(io.stdout, `Wrote ${printable(report.path)}`);
    if (report.started) writeLine(io.stdout, 'The watch runs now, and starts with every session.');
    if (io.env.CLIPSYNC_TOKEN) {
      writeLine(io.stderr, 'clipsync: CLIPSYNC_TOKEN is not passed to the service: it uses the stored sign-in.');
    }
  }
  if (report.started) return EXIT.OK;
  // Only the file was written: a script or a setup guide must not take that for a running service.
  if (!json) {
    writeLine(
      io.stderr,
      `clipsync: the watch service is written but neither enabled nor started. ${printable(report.advice ?? '')}`,
    );
  }
  return EXIT.GENERAL_FAILURE;
}

/** `watch --uninstall`: the service stopped and its file removed. */
export async function uninstallWatchService(io: CliIo, json: boolean): Promise<number> {
  const outcome = await serviceFor(io, new ToolRunner(io.env)).uninstall();
  if (json) printJson(io, { event: 'uninstalled', ...outcome });
  else if (!outcome.removed) writeLine(io.stdout, 'No watch service was installed.');
  else if (outcome.stopped) writeLine(io.stdout, `Stopped and removed ${printable(outcome.path)}`);
  else writeLine(io.stdout, `Removed ${printable(outcome.path)} (it was not running)`);
  return EXIT.OK;
}

/** `watch --status`: installed or not, running or not, and what the service last recorded. */
export async function watchServiceStatus(io: CliIo, json: boolean): Promise<number> {
  const status = await serviceFor(io, new ToolRunner(io.env)).status();
  const state = await readWatchState(io);
  const lastSyncAt = state?.lastSyncAt ?? null;
  const lastError = state?.lastError ?? null;
  if (json) {
    printJson(io, { ...status, lastSyncAt, lastError });
    return EXIT.OK;
  }
  const running =
    status.running === null
      ? `its state unknown (${status.detail ?? 'no service manager answered'})`
      : status.running
        ? 'running'
        : `not running (${status.detail ?? 'stopped'})`;
  // The service manager's words may come from anywhere on this machine: shown as a line, never acted on.
  writeLine(
    io.stdout,
    status.installed
      ? `Installed: ${printable(status.path)}, ${printable(running)}`
      : 'Not installed (clipsync watch --install installs it).',
  );
  writeLine(io.stdout, `Last sync: ${lastSyncAt ?? 'never'}`);
  if (lastError) writeLine(io.stdout, `Last problem: ${lastError.at} ${printable(lastError.message)}`);
  writeLine(io.stdout, `Config folder: ${printable(configDirectory(io))}`);
  return EXIT.OK;
}
