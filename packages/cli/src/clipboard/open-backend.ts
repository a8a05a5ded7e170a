import type { ClipboardBackend } from './backend';
import { detectBackend, isOnPath, type Detection } from './detect';
import { macosBackend } from './macos';
import { ToolRunner } from './tools';
import { waylandBackend } from './wayland';
import { windowsBackend } from './windows';
import { x11Backend } from './x11';

type Env = Readonly<Record<string, string | undefined>>;

/** This machine's clipboard with the tools that run it, or what to install when it has none. */
export type OpenedBackend = { backend: ClipboardBackend; tools: ToolRunner } | { advice: string };

export function openClipboardBackend(platform: NodeJS.Platform, env: Env, pollIntervalMs: number): OpenedBackend {
  const detection: Detection = detectBackend(platform, env, (command) => isOnPath(command, env, platform));
  if (detection.kind === 'none') return { advice: detection.advice };
  const tools = new ToolRunner(env);
  switch (detection.kind) {
    case 'wayland':
      return { backend: waylandBackend(tools), tools };
    case 'x11':
      return { backend: x11Backend(tools, pollIntervalMs), tools };
    case 'macos':
      return { backend: macosBackend(tools, pollIntervalMs), tools };
    case 'windows':
      return { backend: windowsBackend(tools, detection.tool, pollIntervalMs), tools };
  }
}
