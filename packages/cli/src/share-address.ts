import { NETWORK_ENDPOINTS } from '@clipsync/shared';
import type { ApiClient } from './api-client';

/** Where share links and their QR codes point, and why, for the line that says so. */
export interface ShareAddress {
  /** The server's address as links start with it: the one signed in to, or this machine's network one. */
  server: string;
  /** The network host (`192.168.1.20`) put in place of a loopback one, to tell the user why. */
  lanHost: string | null;
  /** The links name this machine only (`localhost`, 127.x): no phone can open them. */
  isThisMachineOnly: boolean;
}

/** `localhost`, `*.localhost`, 127.x.x.x or `[::1]`: an address that leads any other device nowhere. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The address the web's share dialog would give (useShareOrigin): the server's own, unless it is this
 * machine's loopback one; then the server is asked for the machine's network origins (it names them only to a
 * caller on the same machine, and only without PUBLIC_URL) and the first is used, with any base path kept.
 * A server that names none, or does not answer, leaves the loopback address, which the caller then says.
 */
export async function shareAddressOf(client: ApiClient): Promise<ShareAddress> {
  const url = new URL(client.server);
  if (!isLoopbackHost(url.hostname)) return { server: client.server, lanHost: null, isThisMachineOnly: false };
  const origins = await client.call(NETWORK_ENDPOINTS.shareOrigins).then(
    (answer) => answer.origins,
    () => [],
  );
  const lanOrigin = origins[0];
  if (lanOrigin === undefined) return { server: client.server, lanHost: null, isThisMachineOnly: true };
  const basePath = url.pathname.replace(/\/+$/, '');
  return { server: `${lanOrigin}${basePath}`, lanHost: new URL(lanOrigin).hostname, isThisMachineOnly: false };
}

/** The line that says where the link points, when it is not simply the server signed in to; else null. */
export function describeShareAddress(address: ShareAddress): string | null {
  if (address.lanHost !== null) {
    // The words of the web's share dialog (share.lanNote).
    return `This link uses your computer's network address (${address.lanHost}) so phones and other devices on the same network can open it.`;
  }
  if (address.isThisMachineOnly) {
    return "This link names this computer only (localhost), which a phone cannot open: sign in with the server's network address (clipsync login http://ADDRESS:PORT), or set PUBLIC_URL on the server.";
  }
  return null;
}
