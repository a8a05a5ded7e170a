import type { ToolResult, ToolRunner } from '../clipboard/tools';
import type { WatchLaunch } from './launch';

/** What `--install` did: the file written, and whether the service manager started it (else what to run). */
export interface InstallReport {
  path: string;
  started: boolean;
  /** What the user should run or know when it was not started. */
  advice?: string;
}

export interface ServiceStatus {
  path: string;
  installed: boolean;
  /** Whether it runs now; null when the service manager could not be asked. */
  running: boolean | null;
  /** The service manager's own word on its state (inactive, failed, Ready…) when not running, or why it could not say. */
  detail?: string;
}

/** One OS's service manager around the watch: a file written by a pure generator, and its commands run. */
export interface ServiceManager {
  install(launch: WatchLaunch): Promise<InstallReport>;
  /** Answers whether there was something to remove, and whether a running watch was stopped. */
  uninstall(): Promise<{ path: string; removed: boolean; stopped: boolean }>;
  status(): Promise<ServiceStatus>;
}

/** A tool's answer, or null when it is not on PATH (the manager is then not there to ask). */
export async function runIfPresent(
  tools: ToolRunner,
  command: string,
  args: readonly string[],
): Promise<ToolResult | null> {
  try {
    return await tools.run(command, args, { timeoutMs: 15_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
