import type { RoomActivityType } from '@clipsync/shared';

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** A committed room change, named by the activity entry it wrote: the room's members refetch. */
    'room.changed': { roomId: string; type: RoomActivityType; actorId: string; contentId?: string };
    /** A member is no longer in the room: their sockets leave its channel at once (and are told). */
    'room.member-gone': { roomId: string; userId: string; reason: 'removed' | 'left' };
    /** The owner deleted the room: every member who was in it is told, and its channel falls silent. */
    'room.deleted': { roomId: string; actorId: string; memberIds: string[] };
  }
}
