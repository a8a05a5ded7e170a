import type { RoomClosedPayload } from '@clipsync/shared';
import { useUserEvent } from './use-user-event';

/**
 * Rooms this user has lost (removed by the owner, left on another device, deleted), for a page that lists
 * them: `room:closed` comes on the user's own channel, which every signed-in socket is in from the start,
 * so no room's channel needs joining.
 */
export function useRoomsClosed(onClosed: (payload: RoomClosedPayload) => void): void {
  useUserEvent('room:closed', onClosed);
}
