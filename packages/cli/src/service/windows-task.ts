import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { toolFailure, type ToolRunner } from '../clipboard/tools';
import { configDirectory } from '../config';
import type { CliIo } from '../io';
import type { WatchLaunch } from './launch';
import { exists, writePrivateFile } from './private-file';
import { SCHEDULED_TASK_NAME, scheduledTaskXml } from './scheduled-task';
import { runIfPresent, type InstallReport, type ServiceManager, type ServiceStatus } from './service-manager';

export const scheduledTaskPath = (io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): string =>
  join(configDirectory(io), 'clipsync-watch-task.xml');

/** The account the task runs for, as Task Scheduler names it (DOMAIN\user). */
const windowsUser = (env: CliIo['env']): string =>
  env.USERDOMAIN ? `${env.USERDOMAIN}\\${env.USERNAME ?? ''}` : (env.USERNAME ?? '');

/** schtasks reads the task's XML as UTF-16 (as its own exports are): little-endian with its byte order mark. */
const utf16 = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** The third column of `schtasks /Query /FO CSV /NH`: the task's status (Ready, Running, Disabled…). */
function csvStatus(output: string): string {
  const fields = [...(output.trim().split(/\r?\n/, 1)[0] ?? '').matchAll(/"((?:[^"]|"")*)"/g)].map((match) =>
    match[1]!.replace(/""/g, '"'),
  );
  return fields[2] ?? 'unknown';
}

/** Task Scheduler: the task registered from its XML (kept in the config folder), run now, ended and deleted. */
export function windowsTask(io: Pick<CliIo, 'env' | 'platform' | 'homedir'>, tools: ToolRunner): ServiceManager {
  const path = scheduledTaskPath(io);
  const schtasks = (...args: string[]) => runIfPresent(tools, 'schtasks', args);
  return {
    async install(launch: WatchLaunch): Promise<InstallReport> {
      await writePrivateFile(path, utf16(scheduledTaskXml(launch, windowsUser(io.env))));
      const create = await schtasks('/Create', '/TN', SCHEDULED_TASK_NAME, '/XML', path, '/F');
      if (create === null)
        return {
          path,
          started: false,
          advice: `schtasks was not found. Run: schtasks /Create /TN ${SCHEDULED_TASK_NAME} /XML "${path}"`,
        };
      if (create.code !== 0)
        return { path, started: false, advice: `schtasks refused it (${toolFailure('schtasks', create)})` };
      // An earlier install's watch keeps running its old command line: ended, then started anew.
      await schtasks('/End', '/TN', SCHEDULED_TASK_NAME);
      const started = await schtasks('/Run', '/TN', SCHEDULED_TASK_NAME);
      return started?.code === 0
        ? { path, started: true }
        : { path, started: false, advice: 'It starts at your next log-on' };
    },
    async uninstall() {
      const query = await schtasks('/Query', '/TN', SCHEDULED_TASK_NAME);
      const removed = query?.code === 0 || (await exists(path));
      // /End fails ("The task is not running") when there is nothing to end.
      const end = await schtasks('/End', '/TN', SCHEDULED_TASK_NAME);
      await schtasks('/Delete', '/TN', SCHEDULED_TASK_NAME, '/F');
      await rm(path, { force: true });
      return { path, removed, stopped: end?.code === 0 };
    },
    async status(): Promise<ServiceStatus> {
      const query = await schtasks('/Query', '/TN', SCHEDULED_TASK_NAME, '/FO', 'CSV', '/NH');
      if (query === null) return { path, installed: await exists(path), running: null };
      if (query.code !== 0) return { path, installed: false, running: false };
      const state = csvStatus(query.stdout.toString('utf8'));
      return state === 'Running'
        ? { path, installed: true, running: true }
        : { path, installed: true, running: false, detail: state };
    },
  };
}
