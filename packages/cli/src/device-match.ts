import { nameKey, type Device } from '@clipsync/shared';
import { usageError } from './errors';
import { formatWhen, printable } from './format';

/** One device as a line of a list: its name, id, kind, and when it was last seen (or that it is online). */
export function deviceLine(device: Device, now = new Date()): string {
  const seen = device.online ? 'online' : `last seen ${formatWhen(new Date(device.lastSeenAt), now)}`;
  const self = device.current ? ', this device' : '';
  return `  ${printable(device.name)}  ${device.id} (${device.kind}, ${seen}${self})`;
}

/** The fewest id characters taken as the start of an id (the web's pickers show 6 for namesakes). */
const ID_PREFIX_MIN = 6;

/**
 * The one device `query` names among `devices`: its id, its whole name, the start of its name (names read
 * as the server compares them: trimmed, any case or width), or the start of its id (at least
 * ID_PREFIX_MIN characters, as the web's pickers show them), in that order, so a whole name wins over a
 * longer name it begins. None, or more than one, is exit 2 with the candidates and their ids: two devices
 * may carry one name, never one id.
 */
export function pickDevice(devices: readonly Device[], query: string): Device {
  const wanted = nameKey(query);
  const byId = devices.find((device) => device.id === query.trim());
  if (byId) return byId;
  const named = devices.filter((device) => nameKey(device.name) === wanted);
  const starting = devices.filter((device) => nameKey(device.name).startsWith(wanted));
  const byIdStart =
    query.trim().length >= ID_PREFIX_MIN ? devices.filter((device) => device.id.startsWith(query.trim())) : [];
  const candidates = named.length > 0 ? named : starting.length > 0 ? starting : byIdStart;
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const known =
      devices.length > 0 ? `Your devices:\n${devices.map((d) => deviceLine(d)).join('\n')}` : 'You have no devices.';
    throw usageError(`No device named "${query}". ${known}`);
  }
  throw usageError(
    `${candidates.length} devices match "${query}": give its id instead (or rename one with clipsync devices rename).\n${candidates.map((d) => deviceLine(d)).join('\n')}`,
  );
}
