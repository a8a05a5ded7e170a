import { replaceUnsafeCharacters } from '@clipsync/shared';
import { describeClient } from '../../lib/client-description';

/**
 * A device's name for itself, made safe to show: each character unsafe to show (controls, line separators, and
 * the bidirectional marks and overrides with which "ClipSync (official) \u202Eexe.evil" reads as something else
 * than it is: the one rule of @clipsync/shared) becomes a space, and spaces are collapsed. A name with nothing left
 * is named after the client's User-Agent instead (`clipsync CLI`, `curl`), so the approving page still shows
 * something, and something true.
 */
export function cleanClientName(name: string, userAgent: string | undefined): string {
  const cleaned = replaceUnsafeCharacters(name, ' ').replace(/\s+/gu, ' ').trim();
  return cleaned || describeClient(userAgent);
}
