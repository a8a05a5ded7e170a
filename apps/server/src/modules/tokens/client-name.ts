import { describeClient } from './client-description';

/**
 * What must not reach a page or a terminal inside a name a device gives itself: C0 and C1 controls
 * (U+0000–001F, U+007F–009F), line and paragraph separators (U+2028, U+2029), and the bidirectional marks,
 * embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A–202E, U+2066–2069), with which
 * "ClipSync (official) \u202Eexe.evil" reads as something else than it is.
 */
const UNSAFE_IN_A_NAME = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu;

/**
 * A device's name for itself, made safe to show: each run of unsafe characters becomes one space and
 * spaces are collapsed. A name with nothing left is named after the client's User-Agent instead
 * (`clipsync CLI`, `curl`), so the approving page still shows something, and something true.
 */
export function cleanClientName(name: string, userAgent: string | undefined): string {
  const cleaned = name.replace(UNSAFE_IN_A_NAME, ' ').replace(/\s+/gu, ' ').trim();
  return cleaned || describeClient(userAgent);
}
