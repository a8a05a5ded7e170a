import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { toolFailure, type ToolRunner } from '../clipboard/tools';
import type { CliIo } from '../io';
import { LAUNCH_AGENT_LABEL, launchAgentPlist } from './launch-agent';
import type { WatchLaunch } from './launch';
import { exists, writePrivateFile } from './private-file';
import { runIfPresent, type InstallReport, type ServiceManager, type ServiceStatus } from './service-manager';

export const launchAgentPath = (io: Pick<CliIo, 'homedir'>): string =>
  join(io.homedir, 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);

export const launchAgentLogPath = (io: Pick<CliIo, 'homedir'>): string =>
  join(io.homedir, 'Library', 'Logs', 'clipsync-watch.log');

/** launchd in the user's GUI session (`gui/<uid>`): the agent bootstrapped there, booted out to stop it. */
export function launchdService(io: Pick<CliIo, 'homedir'>, tools: ToolRunner, uid: number): ServiceManager {
  const path = launchAgentPath(io);
  const domain = `gui/${uid}`;
  const launchctl = (...args: string[]) => runIfPresent(tools, 'launchctl', args);
  return {
    async install(launch: WatchLaunch): Promise<InstallReport> {
      await writePrivateFile(path, launchAgentPlist(launch, launchAgentLogPath(io)));
      // One loaded before (an earlier install) is booted out first: bootstrap refuses a label it already has.
      await launchctl('bootout', `${domain}/${LAUNCH_AGENT_LABEL}`);
      const bootstrap = await launchctl('bootstrap', domain, path);
      if (bootstrap === null)
        return { path, started: false, advice: 'launchctl was not found: it starts at your next log-in' };
      if (bootstrap.code !== 0) {
        return {
          path,
          started: false,
          advice: `launchctl refused it (${toolFailure('launchctl', bootstrap)}). Run: launchctl bootstrap ${domain} "${path}"`,
        };
      }
      return { path, started: true };
    },
    async uninstall() {
      const removed = await exists(path);
      await launchctl('bootout', `${domain}/${LAUNCH_AGENT_LABEL}`);
      await rm(path, { force: true });
      return { path, removed };
    },
    async status(): Promise<ServiceStatus> {
      const installed = await exists(path);
      const print = await launchctl('print', `${domain}/${LAUNCH_AGENT_LABEL}`);
      if (print === null) return { path, installed, running: null };
      if (print.code !== 0) return { path, installed, running: false, detail: 'not loaded' };
      const state = /^\s*state = (.+)$/m.exec(print.stdout.toString('utf8'))?.[1]?.trim() ?? 'unknown';
      return state === 'running'
        ? { path, installed, running: true }
        : { path, installed, running: false, detail: state };
    },
  };
}
