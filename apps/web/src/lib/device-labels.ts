import { nameKey, type Device } from '@clipsync/shared';

/** The fewest id characters a picker shows: enough to read aloud or type after `clipsync send --to`. */
const SHORT_ID_MIN = 6;

/**
 * For each device whose name another listed device also reads as (names given before the server kept them
 * unique), the start of its id, long enough to differ from theirs: the row then reads
 * "Chromium on Linux · id 3fA9xQ". Devices with a name of their own are not in the map.
 */
export function shortIdsOfNamesakes(devices: readonly Device[]): ReadonlyMap<string, string> {
  const byName = new Map<string, Device[]>();
  for (const device of devices) byName.set(nameKey(device.name), [...(byName.get(nameKey(device.name)) ?? []), device]);
  const shortIds = new Map<string, string>();
  for (const namesakes of byName.values()) {
    if (namesakes.length < 2) continue;
    let length = SHORT_ID_MIN;
    const ids = namesakes.map(({ id }) => id);
    while (
      length < Math.max(...ids.map((id) => id.length)) &&
      new Set(ids.map((id) => id.slice(0, length))).size < ids.length
    ) {
      length += 1;
    }
    for (const id of ids) shortIds.set(id, id.slice(0, length));
  }
  return shortIds;
}
