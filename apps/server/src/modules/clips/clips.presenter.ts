import {
  API_BASE,
  CLIP_ENDPOINTS,
  pathTo,
  type Clip,
  type ClipAbilities,
  type ClipFile,
  type ClipFileSummary,
  type ClipShareSettings,
  type ProtectedClipCard,
} from '@clipsync/shared';
import type { Actor } from '../../lib/actor';
import type { DomainEventMap } from '../../lib/domain-events';
import { abilitiesOf } from '../../lib/policy';
import { linkEndedAt, viewsLeftOf } from './clip-link';
import type { ClipFileRow, ClipRow } from './clip-columns';
import { clipPolicy } from './clips.policy';

/** Stable download address of a stored file; the name is there for the browser, the id finds the file. */
export function fileUrl(file: Pick<ClipFileRow, 'id' | 'name'>): string {
  return `${API_BASE}${pathTo(CLIP_ENDPOINTS.download.path, { fileId: file.id, name: file.name })}`;
}

/** `access`: a view grant, for the files of a clip that need one (clip-link.ts needsGrantForFiles). */
export function toClipFile(file: ClipFileRow, access?: string): ClipFile {
  const url = fileUrl(file);
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    type: file.type,
    url: access ? `${url}?access=${encodeURIComponent(access)}` : url,
  };
}

export function toFileSummary(file: ClipFileRow): ClipFileSummary {
  return { name: file.name, size: file.size, type: file.type, url: fileUrl(file) };
}

const CLIP_ABILITIES = ['update', 'delete', 'favorite', 'upload'] as const satisfies ReadonlyArray<keyof ClipAbilities>;

/** The link as its owner sees it. */
export function toShareSettings(row: ClipRow): ClipShareSettings {
  return {
    linkId: row.shareId,
    expiresAt: row.shareExpiresAt?.toISOString() ?? null,
    maxViews: row.shareMaxViews,
    viewsLeft: viewsLeftOf(row),
    hasPassword: row.sharePasswordHash !== null,
    state: row.shareState,
    deleteAfter: row.shareDeleteAfter,
    endedAt: linkEndedAt(row)?.toISOString() ?? null,
    expirySetAt: row.shareExpiresAt ? (row.shareExpirySetAt?.toISOString() ?? null) : null,
  };
}

/** A link left as every clip's starts (its own id, no limit, never ended): answers stay as they were. */
function hasDefaultLink(row: ClipRow): boolean {
  return (
    row.shareId === row.id &&
    row.shareExpiresAt === null &&
    row.shareMaxViews === null &&
    row.sharePasswordHash === null &&
    row.shareState === null &&
    !row.shareDeleteAfter
  );
}

/**
 * A clip as `GET /api/clipboard/{id}` answers it, in the schema's key order (the owner's name before the owner's
 * share settings): the route writes the object as it is, and a remembered answer is encoded once.
 */
export function toReadAnswer(
  presented: Clip,
  ownerName: string,
  takedown: Clip['takedown'] | null,
): Clip & { ownerName: string } {
  const { share, ...shown } = presented;
  return { ...shown, ownerName, ...(share ? { share } : {}), ...(takedown ? { takedown } : {}) };
}

/** What someone else sees of a clip that needs opening (a view limit or a password): never its content. */
export function toProtectedCard(row: ClipRow, reachedBy: string): ProtectedClipCard {
  return {
    id: reachedBy,
    protected: true,
    viewsLeft: viewsLeftOf(row),
    expiresAt: row.shareExpiresAt?.toISOString() ?? null,
    hasPassword: row.sharePasswordHash !== null,
  };
}

/** How someone else than the owner is shown a clip: by the link's id they used, files with their grant. */
export interface ViewerPresentation {
  reachedBy: string;
  fileAccess?: string;
}

/**
 * camelCase plus snake_case twins (`is_favorite`, `created_at`, …); the first file also fills the legacy file
 * fields. Its owner also gets the link's settings once they differ from the default; anyone else is shown
 * the clip under the link's id they reached it by.
 */
export function toClip(row: ClipRow, files: ClipFileRow[], actor: Actor, viewer?: ViewerPresentation): Clip {
  const first = files[0];
  const access = viewer?.fileAccess;
  const isOwner = actor?.userId === row.userId;
  return {
    id: viewer?.reachedBy ?? row.id,
    content: row.content,
    version: row.version,
    userId: row.userId,
    isFavorite: row.isFavorite,
    is_favorite: row.isFavorite,
    files: files.map((file) => toClipFile(file, access)),
    createdAt: row.createdAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    filePath: first ? toClipFile(first, access).url : null,
    fileName: first?.name ?? null,
    fileType: first?.type ?? null,
    abilities: abilitiesOf(clipPolicy, CLIP_ABILITIES, actor, row),
    encrypted: row.encrypted,
    ...(isOwner && row.wrappedKey ? { wrappedKey: row.wrappedKey } : {}),
    ...(isOwner && !hasDefaultLink(row) ? { share: toShareSettings(row) } : {}),
  };
}

/** What a clip's viewers and its owner's devices are told after a save or a file change. */
export function toClipSavedEvent(row: ClipRow, files: ClipFileRow[]): DomainEventMap['clip.content-saved'] {
  return {
    clipId: row.id,
    shareId: row.shareId,
    ownerId: row.userId,
    content: row.content,
    version: row.version,
    files: files.map(toFileSummary),
    encrypted: row.encrypted,
    ...(row.wrappedKey ? { wrappedKey: row.wrappedKey } : {}),
  };
}

/** What the owner's devices are told when a clip is made. */
export function toClipCreatedEvent(row: ClipRow, files: ClipFileRow[]): DomainEventMap['clip.created'] {
  return { ...toClipSavedEvent(row, files), createdAt: row.createdAt.toISOString() };
}

export function toClipDeletedEvent(row: ClipRow): DomainEventMap['clip.deleted'] {
  return { clipId: row.id, shareId: row.shareId, ownerId: row.userId };
}
