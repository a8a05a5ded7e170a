import type { ClipFileSummary, DesktopItem, DeviceSendPayload, RoomActivityType } from '@clipsync/shared';

/**
 * Domain events: services emit these after their write commits; realtime/broadcaster.ts alone decides
 * which socket channels hear them. Areas add their events as they land, their
 * payloads built by the area's presenter.
 */
/** A clip as its viewers and its owner's devices are told after a save or a file change. */
interface ClipSaved {
  clipId: string;
  /** The clip's link id: others follow the clip on its channel, under that id (null: no link). */
  shareId?: string | null;
  ownerId: string;
  content: string;
  version: number;
  files: ClipFileSummary[];
  /** End-to-end encrypted: `content` is an envelope and the files are sealed (docs/encryption.md). */
  encrypted?: boolean;
}

export interface DomainEventMap {
  /** A clip was made (an empty draft too): the owner's devices that follow their newest clip hear it. */
  'clip.created': ClipSaved & { createdAt: string };
  'clip.content-saved': ClipSaved;
  'clip.files-changed': ClipSaved;
  'clip.deleted': { clipId: string; shareId?: string | null; ownerId: string };
  /** Someone else than its owner read the clip's content by its private link `shareId` (clip-link.ts's isPrivateLink). */
  'clip.private-link-viewed': { clipId: string; ownerId: string; shareId: string };
  /**
   * The owner stopped the link, renewed it, protected it, or it expired or was spent: everyone else following
   * the clip by the link `shareId` stops hearing it (and is told it is gone).
   */
  'clip.share-revoked': { clipId: string; shareId: string; ownerId: string };
  /** A committed room change, named by the activity entry it wrote: the room's members refetch. */
  'room.changed': { roomId: string; type: RoomActivityType; actorId: string; contentId?: string };
  /** A member is no longer in the room: their sockets leave its channel at once (and are told). */
  'room.member-gone': { roomId: string; userId: string; reason: 'removed' | 'left' };
  /** The owner deleted the room: every member who was in it is told, and its channel falls silent. */
  'room.deleted': { roomId: string; actorId: string; memberIds: string[] };
  /** A desktop block was added, moved or resized, or removed: every open view of the desktop follows. */
  'desktop.item-added': { desktopId: string; item: DesktopItem };
  'desktop.item-changed': { desktopId: string; item: DesktopItem };
  'desktop.item-removed': { desktopId: string; itemId: string };
  /** The owner rotated or revoked the share link: views opened by the old link stop hearing changes. */
  'desktop.share-revoked': { desktopId: string };
  /**
   * An admin took an item down: every view of it but its owner's is told and stops hearing it, on every node.
   * `channelIds`: the ids its viewers joined with (a clip's own id and its link's).
   */
  'item.taken-down': { kind: 'clip' | 'desktop' | 'room'; itemId: string; ownerId: string; channelIds: string[] };
  /** An account's e-mail address was proven (its confirmation link followed): invitations to it are accepted. */
  'account.confirmed': { userId: string; email: string };
  /** An admin disabled an account: what it shared answers as taken down until it is enabled again. */
  'account.disabled': { userId: string };
  /** An account was deleted, and everything it owned with it (its clips by the database's cascade). */
  'account.deleted': { userId: string };
  /**
   * Logout, refresh-token reuse, a password reset or a disabled account: the session's sockets are closed at
   * once. `reason` is the one stored with the session (`account_disabled` is told to its sockets first).
   */
  'session.revoked': { sessionId: string; reason?: string };
  /**
   * A signed-in HTTP call was made with this session (a browser's or a token's). Told by the authenticate
   * plugin on every such call, not after a write: its listeners keep their own pace (a device's last seen).
   */
  'session.used': { sessionId: string; userId: string };
  /** One of the user's devices came online or went offline: the account's sockets hear it. */
  'device.presence': { userId: string; deviceId: string; online: boolean; lastSeenAt: string };
  /** Two of the user's devices proved they are near (decision 030): the account's sockets hear it. */
  'device.near': { userId: string; deviceIds: [string, string]; nearUntil: string };
  /** A send for one device, stored and (again) due: the sockets of that device's session hear it. */
  'device.send-due': { sessionId: string; send: DeviceSendPayload };
  /** A send stored for a device with no socket open: it waits, and the device may be told by Web Push. */
  'device.send-queued': { sendId: string; toDeviceId: string };
  /** A new device signed in to the account (a browser or app registered itself): its other devices may be told. */
  'device.added': { userId: string; deviceId: string; name: string; at: string };
}

type EventName = keyof DomainEventMap;
type Listener<K extends EventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

export class DomainEvents {
  readonly #listeners = new Map<EventName, Set<Listener<never>>>();

  /**
   * @param onListenerError hears what a listener threw (or rejected with): the write that emitted the
   * event has already happened, so a failing listener is logged, never the request's failure.
   */
  constructor(private readonly onListenerError: (error: unknown, event: EventName) => void) {}

  emit<K extends EventName>(name: K, payload: DomainEventMap[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        const result = (listener as Listener<K>)(payload);
        if (result instanceof Promise) result.catch((error: unknown) => this.onListenerError(error, name));
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }

  on<K extends EventName>(name: K, listener: Listener<K>): () => void {
    const listeners = this.#listeners.get(name) ?? new Set();
    listeners.add(listener as Listener<never>);
    this.#listeners.set(name, listeners);
    return () => listeners.delete(listener as Listener<never>);
  }
}
