import { parseUserAgent } from '@clipsync/shared';

/**
 * A coarse name for the client behind a User-Agent (`clipsync CLI`, `curl`, `Firefox on Linux`): enough
 * for a person to recognise their own device in the token list, never the full string (which would be a
 * fingerprint kept for no reason).
 */
export function describeClient(userAgent: string | undefined): string {
  const { tool, browser, system } = parseUserAgent(userAgent);
  if (tool) return tool;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown client';
}
