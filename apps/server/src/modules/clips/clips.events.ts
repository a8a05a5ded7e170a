import type { ClipFileSummary } from '@clipsync/shared';

/** A clip as its viewers and its owner's devices are told after a save or a file change. */
export interface ClipSaved {
  clipId: string;
  /** The clip's link id: others follow the clip on its channel, under that id (null: no link). */
  shareId?: string | null;
  ownerId: string;
  content: string;
  version: number;
  files: ClipFileSummary[];
  /** End-to-end encrypted: `content` is an envelope and the files are sealed (docs/encryption.md). */
  encrypted?: boolean;
  /** Sealed by the owner's end-to-end encrypted clipboard: the clip's wrapped key, for the owner's devices only. */
  wrappedKey?: string;
}

declare module '../../lib/domain-events' {
  interface DomainEventMap {
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
  }
}
