import { NETWORK_ENDPOINTS } from '@clipsync/shared';
import { useQuery } from '@tanstack/react-query';
import { isLoopbackHostname } from '../lib/loopback-host';
import { call } from './client';

export const networkKeys = { shareOrigins: ['network', 'share-origins'] as const };

export interface ShareOrigin {
  /** Where share links point: `location.origin`, or the machine's LAN origin when that is `localhost`. */
  origin: string;
  /** The LAN host (`192.168.1.20`) when the origin was swapped for it, to tell the user why. */
  lanHost: string | null;
}

/**
 * The origin for share links and QR codes. A page open at a loopback address would hand out links no
 * phone can open, so there the server is asked for the machine's LAN origins (it names them only to a
 * caller on the machine itself, and only without PUBLIC_URL); elsewhere the page's own origin is kept.
 */
export function useShareOrigin(isWanted: boolean): ShareOrigin {
  const { origin, hostname } = window.location;
  const isLoopbackPage = isLoopbackHostname(hostname);
  const { data } = useQuery({
    queryKey: networkKeys.shareOrigins,
    queryFn: () => call(NETWORK_ENDPOINTS.shareOrigins),
    enabled: isWanted && isLoopbackPage,
    // Interfaces rarely change while a page is open; a failure simply keeps the page's origin.
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const lanOrigin = isLoopbackPage ? data?.origins[0] : undefined;
  return lanOrigin ? { origin: lanOrigin, lanHost: new URL(lanOrigin).hostname } : { origin, lanHost: null };
}
