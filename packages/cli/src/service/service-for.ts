import type { ToolRunner } from '../clipboard/tools';
import type { CliIo } from '../io';
import { launchdService } from './launchd-service';
import type { ServiceManager } from './service-manager';
import { systemdService } from './systemd-service';
import { windowsTask } from './windows-task';

/** This system's service manager: launchd on macOS, Task Scheduler on Windows, systemd anywhere else. */
export function serviceFor(
  io: Pick<CliIo, 'env' | 'platform' | 'homedir' | 'sleep'>,
  tools: ToolRunner,
): ServiceManager {
  if (io.platform === 'darwin') return launchdService(io, tools, process.getuid?.() ?? 0);
  if (io.platform === 'win32') return windowsTask(io, tools);
  return systemdService(io, tools);
}
