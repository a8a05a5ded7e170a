import { NEARNESS_ENDPOINTS } from '@clipsync/shared';
import { thisBrowserKey } from '../lib/near/this-browser-key';
import { call } from './client';

const registrations = new Map<string, Promise<void>>();

/**
 * Tells the server this browser's public key, once per device and page load, and only when needed: a new
 * key drops every nearness the device had proved (decision 030), so it is sent when the device has none or
 * when this browser had to make a new pair (its storage was cleared). The prover and the responder wait for
 * the same promise, so a challenge is never asked before both keys are known.
 */
export function registerKeyOnce(userId: string, device: { id: string; hasKey?: boolean }): Promise<void> {
  const id = `${userId}:${device.id}`;
  let found = registrations.get(id);
  if (!found) {
    found = (async () => {
      const { key, isNew } = await thisBrowserKey(userId);
      if (isNew || !device.hasKey) {
        await call(NEARNESS_ENDPOINTS.registerKey, { body: { publicKey: await key.publicJwk() } });
      }
    })();
    // A failure is not kept: the next caller tries again.
    found.catch(() => registrations.delete(id));
    registrations.set(id, found);
  }
  return found;
}
