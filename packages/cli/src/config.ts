import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, win32 } from 'node:path';
import { z } from 'zod';
import { warnOfCleartext } from './cleartext';
import { CliError } from './errors';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';

/** What `login` stores: the server it signed in to and the personal access token it was given. */
export const StoredConfig = z.object({
  server: z.url(),
  token: z.string().min(1),
});
export type StoredConfig = z.infer<typeof StoredConfig>;

export const CONFIG_FILE_NAME = 'config.json';

/**
 * The user's config folder for clipsync: `$XDG_CONFIG_HOME/clipsync` when set (on any system: whoever sets
 * it asked for it), else `%APPDATA%\clipsync` on Windows, `~/Library/Application Support/clipsync` on macOS
 * and `~/.config/clipsync` elsewhere.
 */
export function configDirectory(io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): string {
  const { env, platform, homedir } = io;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'clipsync');
  if (platform === 'win32') return win32.join(env.APPDATA ?? win32.join(homedir, 'AppData', 'Roaming'), 'clipsync');
  if (platform === 'darwin') return join(homedir, 'Library', 'Application Support', 'clipsync');
  return join(homedir, '.config', 'clipsync');
}

export const configPath = (io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): string =>
  join(configDirectory(io), CONFIG_FILE_NAME);

/** The stored file, or null when there is none. A file that is not ours is an error, not silence. */
export async function readStoredConfig(io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): Promise<StoredConfig | null> {
  const path = configPath(io);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = StoredConfig.safeParse(json);
  if (!parsed.success) {
    throw new CliError(`${path} is not a clipsync config file: run clipsync login again`, EXIT.GENERAL_FAILURE);
  }
  return parsed.data;
}

/** Stores server and token, readable by the user alone (writePrivateFile). */
export async function writeStoredConfig(
  io: Pick<CliIo, 'env' | 'platform' | 'homedir'>,
  config: StoredConfig,
): Promise<string> {
  return writePrivateFile(io, CONFIG_FILE_NAME, `${JSON.stringify(config, null, 2)}\n`);
}

/**
 * Writes a file of the config folder readable by the user alone: the folder 0700, the file written as a 0600
 * temporary file then renamed over the old one, so a secret in it is never readable by others, not even for an
 * instant, and a crash mid-write never leaves half a file.
 */
export async function writePrivateFile(
  io: Pick<CliIo, 'env' | 'platform' | 'homedir'>,
  name: string,
  content: string,
): Promise<string> {
  const directory = configDirectory(io);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  // mkdir's mode applies only to a folder it creates; one made earlier by hand is tightened too.
  if (io.platform !== 'win32') await chmod(directory, 0o700);
  const path = join(directory, name);
  const temporary = join(directory, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return path;
}

/** Forgets the stored sign-in; answers whether there was one. */
export function removeStoredConfig(io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): Promise<boolean> {
  return removeConfigFile(io, CONFIG_FILE_NAME);
}

/** Removes a file of the config folder; answers whether there was one. */
export async function removeConfigFile(
  io: Pick<CliIo, 'env' | 'platform' | 'homedir'>,
  name: string,
): Promise<boolean> {
  try {
    await rm(join(configDirectory(io), name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * The server and token a command uses: the file's, each overridden by CLIPSYNC_URL and CLIPSYNC_TOKEN. The
 * stored token belongs to the stored server and is never sent elsewhere: a CLIPSYNC_URL naming another server
 * (left in a shell, set by a script or a project's .env) would otherwise hand it to whoever runs that one.
 */
export interface ResolvedConfig {
  server: string | null;
  token: string | null;
  /** Where each came from, for `whoami` and for messages. */
  serverFrom: 'env' | 'file' | null;
  tokenFrom: 'env' | 'file' | null;
  /** The stored sign-in's server, when its token was held back because CLIPSYNC_URL names another server. */
  storedForOtherServer: string | null;
}

export async function resolveConfig(io: Pick<CliIo, 'env' | 'platform' | 'homedir'>): Promise<ResolvedConfig> {
  const stored = await readStoredConfig(io);
  const envServer = io.env.CLIPSYNC_URL || null;
  const envToken = io.env.CLIPSYNC_TOKEN || null;
  const server = envServer ? normalizeServerUrl(envServer) : (stored?.server ?? null);
  const storedToken = stored && server !== null && isSameServer(stored.server, server) ? stored.token : null;
  return {
    server,
    token: envToken ?? storedToken,
    serverFrom: envServer ? 'env' : stored ? 'file' : null,
    tokenFrom: envToken ? 'env' : storedToken ? 'file' : null,
    storedForOtherServer: stored && !storedToken ? stored.server : null,
  };
}

/** Two addresses of one server, as `normalizeServerUrl` writes them (a trailing slash, a default port, case). */
function isSameServer(stored: string, given: string): boolean {
  try {
    return normalizeServerUrl(stored) === given;
  } catch {
    return false;
  }
}

/**
 * A server address as people type it (`clips.example.com`, `http://localhost:3000/`) made into an origin
 * plus any base path, without a trailing slash; https is assumed when no scheme is given.
 */
export function normalizeServerUrl(input: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError(`Not a server address: ${input}`, EXIT.USAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`A server address starts with http:// or https://, not ${url.protocol}`, EXIT.USAGE);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The server and token every signed-in command needs, or exit 3 saying how to sign in. A token about to cross
 * the network in clear is warned of, once.
 */
export async function requireSignIn(io: CliIo): Promise<{ server: string; token: string }> {
  const config = await resolveConfig(io);
  if (!config.token || !config.server) throw notSignedIn(config);
  warnOfCleartext(io.stderr, config.server);
  return { server: config.server, token: config.token };
}

function notSignedIn(config: ResolvedConfig): CliError {
  if (config.storedForOtherServer && config.server) {
    return new CliError(
      `CLIPSYNC_URL names ${config.server}, but this machine is signed in to ${config.storedForOtherServer}, ` +
        `and its token is sent there only. Set CLIPSYNC_TOKEN to a token of ${config.server} ` +
        `(made on its "Access tokens" page), or unset CLIPSYNC_URL to use ${config.storedForOtherServer}`,
      EXIT.NOT_SIGNED_IN,
    );
  }
  return new CliError(
    config.token
      ? 'No server known: run clipsync login URL, or set CLIPSYNC_URL'
      : 'Not signed in: run clipsync login URL, or set CLIPSYNC_TOKEN',
    EXIT.NOT_SIGNED_IN,
  );
}
