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

/**
 * How often, and how far apart, bootstrap is tried again after booting out a loaded agent: bootout returns
 * before launchd has removed the job, and a bootstrap meanwhile fails ("5: Input/output error").
 */
const BOOTSTRAP_ATTEMPTS = 5;
const BOOTSTRAP_RETRY_MS = 200;

/** launchd in the user's GUI session (`gui/<uid>`): the agent bootstrapped there, booted out to stop it. */
export function launchdService(io: Pick<CliIo, 'homedir' | 'sleep'>, tools: ToolRunner, uid: number): ServiceManager {
  const path = launchAgentPath(io);
  const domain = `gui/${uid}`;
  const launchctl = (...args: string[]) => runIfPresent(tools, 'launchctl', args);
  return {
    async install(launch: WatchLaunch): Promise<InstallReport> {
      await writePrivateFile(path, launchAgentPlist(launch, launchAgentLogPath(io)));
      // One loaded before (an earlier install) is booted out first: bootstrap refuses a label it already has.
      const bootout = await launchctl('bootout', `${domain}/${LAUNCH_AGENT_LABEL}`);
      let bootstrap = await launchctl('bootstrap', domain, path);
      // Only after an agent was booted out: with none loaded, a refusal is the answer, not a race.
      for (
        let attempt = 1;
        bootout?.code === 0 && bootstrap !== null && bootstrap.code !== 0 && attempt < BOOTSTRAP_ATTEMPTS;
        attempt++
      ) {
        await io.sleep(BOOTSTRAP_RETRY_MS);
        bootstrap = await launchctl('bootstrap', domain, path);
      }
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
      const bootout = await launchctl('bootout', `${domain}/${LAUNCH_AGENT_LABEL}`);
      await rm(path, { force: true });
      // bootout succeeds only for a loaded agent: "3: No such process" otherwise.
      return { path, removed, stopped: bootout?.code === 0 };
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
