import { nameKey } from '@clipsync/shared';

/**
 * `wanted` if no name in `taken` reads the same, else the first of "wanted 2", "wanted 3", … that is free:
 * a number rather than a random word, so the second device of a kind is plainly the second and its name is
 * easy to type. The base is cut so that the number always fits in `max` characters. Device names
 * (modules/devices) and LAN peer names (modules/desktop) both keep this rule.
 */
export function distinctName(wanted: string, taken: Iterable<string>, max: number): string {
  const takenKeys = new Set([...taken].map(nameKey));
  const base = wanted.trim();
  if (!takenKeys.has(nameKey(base))) return base;
  for (let number = 2; ; number += 1) {
    const suffix = ` ${number}`;
    const candidate = `${base.slice(0, max - suffix.length).trimEnd()}${suffix}`;
    if (!takenKeys.has(nameKey(candidate))) return candidate;
  }
}
