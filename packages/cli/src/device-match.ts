import { nameKey, type Device } from '@clipsync/shared';
import { usageError } from './errors';
import { formatColumns, formatWhen, printable } from './format';

/** A device's kind and when it was last seen, as the lists show them: `online`, `5 min ago`, `· this device`. */
function seenCell(device: Device, now: Date): string {
  return [
    device.online ? 'online' : formatWhen(new Date(device.lastSeenAt), now),
    ...(device.current ? ['this device'] : []),
  ].join(' · ');
}

/** The devices as a table with a header (`clipsync devices`): name, whole id, kind, last seen. */
export function deviceTable(devices: readonly Device[], now = new Date()): string[] {
  return formatColumns([
    ['NAME', 'ID', 'KIND', 'LAST SEEN'],
    ...devices.map((device) => [printable(device.name), device.id, device.kind, seenCell(device, now)]),
  ]);
}

/**
 * Devices among `devices` as a refusal lists them: indented columns with the shortest start of each id that
 * picks it among `devices`, the one thing to type that is sure to work (names may repeat; ids are long).
 */
function candidateTable(shown: readonly Device[], devices: readonly Device[], now: Date): string[] {
  return formatColumns([
    ['NAME', 'ID START', 'KIND', 'LAST SEEN'],
    ...shown.map((device) => [printable(device.name), idStart(devices, device), device.kind, seenCell(device, now)]),
  ]).map((line) => `  ${line}`);
}

/** The fewest id characters taken as the start of an id (the web's pickers show 6 for namesakes). */
const ID_PREFIX_MIN = 6;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether `wanted` (a name key) begins `key` or one of its words: `android` and `andr` in "chromium on android". */
function startsAWord(key: string, wanted: string): boolean {
  for (let at = key.indexOf(wanted); at !== -1; at = key.indexOf(wanted, at + 1)) {
    if (at === 0 || !LETTER_OR_DIGIT.test([...key.slice(0, at)].at(-1)!)) return true;
  }
  return false;
}

/**
 * The devices `query` names among `devices`: its id, its whole name, the start of its name or of a word of it
 * (names read as the server compares them: trimmed, any case or width), or the start of its id (at least
 * ID_PREFIX_MIN characters, as the web's pickers show them), in that order, so a whole name wins over a
 * longer name that holds it.
 */
function candidatesFor(devices: readonly Device[], query: string): readonly Device[] {
  const wanted = nameKey(query);
  const byId = devices.find((device) => device.id === query.trim());
  if (byId) return [byId];
  const named = devices.filter((device) => nameKey(device.name) === wanted);
  if (named.length > 0) return named;
  const worded = devices.filter((device) => startsAWord(nameKey(device.name), wanted));
  if (worded.length > 0) return worded;
  return query.trim().length >= ID_PREFIX_MIN ? devices.filter((device) => device.id.startsWith(query.trim())) : [];
}

/** The shortest start of `device`'s id (ID_PREFIX_MIN or more) that names it alone among `devices`. */
export function idStart(devices: readonly Device[], device: Device): string {
  for (let length = ID_PREFIX_MIN; length < device.id.length; length++) {
    const start = device.id.slice(0, length);
    const found = candidatesFor(devices, start);
    if (found.length === 1 && found[0] === device) return start;
  }
  return device.id;
}

/** What to type instead, given the devices a query matched and the start of each one's id. */
export type RetryHint = (candidates: ReadonlyArray<{ device: Device; start: string }>) => string;

/**
 * The one device `query` names among `devices` (see candidatesFor). None, or more than one, is exit 2 with the
 * candidates in columns and the start of each id, which `hint` turns into the command to run instead: two
 * devices may carry one name, never one id.
 */
export function pickDevice(devices: readonly Device[], query: string, hint?: RetryHint, now = new Date()): Device {
  const candidates = candidatesFor(devices, query);
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const known =
      devices.length > 0
        ? `Your devices:\n${candidateTable(devices, devices, now).join('\n')}`
        : 'You have no devices.';
    throw usageError(`No device named "${query}". ${known}`);
  }
  const retry = hint?.(candidates.map((device) => ({ device, start: idStart(devices, device) })));
  throw usageError(
    `${candidates.length} devices match "${query}"${retry ? `: ${retry}` : ': give the start of its id instead'}.\n${candidateTable(candidates, devices, now).join('\n')}`,
  );
}
