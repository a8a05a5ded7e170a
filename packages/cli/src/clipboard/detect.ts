import { accessSync, constants, statSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';

export type BackendKind = 'wayland' | 'x11' | 'macos' | 'windows';

/** The backend to use (`tool` is the program found, for Windows the PowerShell), or what to install. */
export type Detection = { kind: BackendKind; tool: string } | { kind: 'none'; advice: string };

type Env = Readonly<Record<string, string | undefined>>;

/** How to get a missing tool on the usual Linux systems, for the message that names it. */
const installLine = (pkg: string) =>
  `Debian/Ubuntu: sudo apt install ${pkg}; Fedora: sudo dnf install ${pkg}; Arch: sudo pacman -S ${pkg}`;

/**
 * Which clipboard `watch` follows, from the platform, the session's variables and the tools on PATH:
 * Wayland when WAYLAND_DISPLAY is set and wl-clipboard is there, else X11 when DISPLAY is set and xclip is
 * there (an X11 client of XWayland shares the Wayland clipboard), pbpaste on macOS, PowerShell on Windows.
 */
export function detectBackend(platform: NodeJS.Platform, env: Env, has: (command: string) => boolean): Detection {
  if (platform === 'win32') {
    const powershell = ['powershell.exe', 'pwsh.exe'].find(has);
    return powershell
      ? { kind: 'windows', tool: powershell }
      : {
          kind: 'none',
          advice: 'PowerShell was not found on PATH: install PowerShell (winget install Microsoft.PowerShell)',
        };
  }
  if (platform === 'darwin') {
    return has('pbpaste') && has('pbcopy')
      ? { kind: 'macos', tool: 'pbpaste' }
      : { kind: 'none', advice: 'pbpaste and pbcopy, part of macOS, were not found on PATH (/usr/bin)' };
  }
  const wayland = Boolean(env.WAYLAND_DISPLAY);
  const x11 = Boolean(env.DISPLAY);
  if (wayland && has('wl-paste') && has('wl-copy')) return { kind: 'wayland', tool: 'wl-paste' };
  if (x11 && has('xclip')) return { kind: 'x11', tool: 'xclip' };
  if (wayland) {
    return {
      kind: 'none',
      advice: `Wayland's clipboard needs wl-clipboard, install it (${installLine('wl-clipboard')})`,
    };
  }
  if (x11) return { kind: 'none', advice: `The X11 clipboard needs xclip, install it (${installLine('xclip')})` };
  return {
    kind: 'none',
    advice:
      'No graphical session: neither WAYLAND_DISPLAY nor DISPLAY is set. Run clipsync watch in your desktop ' +
      `session, with wl-clipboard (Wayland) or xclip (X11) installed (${installLine('wl-clipboard xclip')})`,
  };
}

/**
 * Whether `command` is an executable file in one of PATH's folders; on Windows, also with PATHEXT's endings
 * (as written and in lower case: the disk may not ignore case where Windows would).
 */
export function isOnPath(command: string, env: Env, platform: NodeJS.Platform): boolean {
  const windows = platform === 'win32';
  const path = env.PATH ?? env.Path ?? '';
  const folders = path.split(windows ? win32.delimiter : posix.delimiter).filter(Boolean);
  const endings = windows
    ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').flatMap((ending) => [ending, ending.toLowerCase()])]
    : [''];
  return folders.some((folder) =>
    endings.some((ending) => {
      const candidate = join(folder, command + ending);
      try {
        if (!statSync(candidate).isFile()) return false;
        if (!windows) accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}
