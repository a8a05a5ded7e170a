import { rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { toolFailure, type ToolRunner } from '../clipboard/tools';
import type { CliIo } from '../io';
import type { WatchLaunch } from './launch';
import { exists, writePrivateFile } from './private-file';
import { runIfPresent, type InstallReport, type ServiceManager, type ServiceStatus } from './service-manager';
import { SYSTEMD_UNIT_NAME, systemdUnit } from './systemd-unit';

/**
 * Where systemd looks for the user's own units: `$XDG_CONFIG_HOME/systemd/user`, else ~/.config/systemd/user.
 * A relative XDG_CONFIG_HOME is ignored, as the XDG spec says and systemd does: it would name a folder under
 * wherever this shell happens to be, one systemd never reads.
 */
export function systemdUnitPath(io: Pick<CliIo, 'env' | 'homedir'>): string {
  const given = io.env.XDG_CONFIG_HOME;
  const configHome = given && isAbsolute(given) ? given : join(io.homedir, '.config');
  return join(configHome, 'systemd', 'user', SYSTEMD_UNIT_NAME);
}

const MANUAL_START = `systemctl --user daemon-reload && systemctl --user enable --now ${SYSTEMD_UNIT_NAME}`;

/** The systemd user manager: the unit written, then enabled and started by `systemctl --user` when there is one. */
export function systemdService(io: Pick<CliIo, 'env' | 'homedir'>, tools: ToolRunner): ServiceManager {
  const path = systemdUnitPath(io);
  const systemctl = (...args: string[]) => runIfPresent(tools, 'systemctl', ['--user', ...args]);
  return {
    async install(launch: WatchLaunch): Promise<InstallReport> {
      const reinstall = await exists(path);
      await writePrivateFile(path, systemdUnit(launch));
      const reload = await systemctl('daemon-reload');
      if (reload === null) {
        return {
          path,
          started: false,
          advice: `systemctl was not found: start it with your session's service manager, or run ${MANUAL_START} where systemd runs`,
        };
      }
      // No user manager (a container, an SSH session without lingering): the unit waits for one.
      if (reload.code !== 0) {
        return {
          path,
          started: false,
          advice: `No systemd user manager answered (${toolFailure('systemctl', reload)}). In your desktop session run: ${MANUAL_START}`,
        };
      }
      // A watch that hit the start limit (no display yet, 10 starts in 5 minutes) stays failed, and systemd
      // refuses to start it again until that is cleared: installing is the user asking for a fresh start.
      await systemctl('reset-failed', SYSTEMD_UNIT_NAME);
      const enable = await systemctl('enable', '--now', SYSTEMD_UNIT_NAME);
      if (enable === null || enable.code !== 0) {
        return {
          path,
          started: false,
          advice: `systemctl could not enable it (${enable ? toolFailure('systemctl', enable) : 'not found'}). Run: ${MANUAL_START}`,
        };
      }
      // A watch already running keeps its old command line until restarted.
      if (reinstall) await systemctl('restart', SYSTEMD_UNIT_NAME);
      return { path, started: true };
    },
    async uninstall() {
      const removed = await exists(path);
      const active = await systemctl('is-active', SYSTEMD_UNIT_NAME);
      const disable = await systemctl('disable', '--now', SYSTEMD_UNIT_NAME);
      await rm(path, { force: true });
      if (removed) await systemctl('daemon-reload');
      const stopped = active?.stdout.toString('utf8').trim() === 'active' && disable?.code === 0;
      return { path, removed, stopped };
    },
    async status(): Promise<ServiceStatus> {
      const installed = await exists(path);
      const active = await systemctl('is-active', SYSTEMD_UNIT_NAME);
      if (active === null) return { path, installed, running: null };
      const state = active.stdout.toString('utf8').trim();
      // No state printed: no user manager to ask (a container, an SSH session).
      if (state === '') return { path, installed, running: null, detail: toolFailure('systemctl', active) };
      return state === 'active'
        ? { path, installed, running: true }
        : { path, installed, running: false, detail: state };
    },
  };
}
