import {
  API_BASE,
  CLIP_ENDPOINTS,
  pathTo,
  type Clip,
  type ClipAbilities,
  type ClipFile,
  type ClipFileSummary,
} from '@clipsync/shared';
import type { Actor } from '../../lib/actor';
import type { DomainEventMap } from '../../lib/domain-events';
import { abilitiesOf } from '../../lib/policy';
import type { ClipFileRow, ClipRow } from './clips.context';
import { clipPolicy } from './clips.policy';

/** Stable download address of a stored file; the name is there for the browser, the id finds the file. */
export function fileUrl(file: Pick<ClipFileRow, 'id' | 'name'>): string {
  return `${API_BASE}${pathTo(CLIP_ENDPOINTS.download.path, { fileId: file.id, name: file.name })}`;
}

export function toClipFile(file: ClipFileRow): ClipFile {
  return { id: file.id, name: file.name, size: file.size, type: file.type, url: fileUrl(file) };
}

export function toFileSummary(file: ClipFileRow): ClipFileSummary {
  return { name: file.name, size: file.size, type: file.type, url: fileUrl(file) };
}

const CLIP_ABILITIES = ['update', 'delete', 'favorite', 'upload'] as const satisfies ReadonlyArray<keyof ClipAbilities>;

/**
 * camelCase plus snake_case twins (`is_favorite`, `created_at`, …); the first file also fills the legacy file fields.
 */
export function toClip(row: ClipRow, files: ClipFileRow[], actor: Actor): Clip {
  const first = files[0];
  return {
    id: row.id,
    content: row.content,
    version: row.version,
    userId: row.userId,
    isFavorite: row.isFavorite,
    is_favorite: row.isFavorite,
    files: files.map(toClipFile),
    createdAt: row.createdAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    filePath: first ? fileUrl(first) : null,
    fileName: first?.name ?? null,
    fileType: first?.type ?? null,
    abilities: abilitiesOf(clipPolicy, CLIP_ABILITIES, actor, row),
  };
}

/** What a clip's viewers and its owner's devices are told after a save or a file change. */
export function toClipSavedEvent(row: ClipRow, files: ClipFileRow[]): DomainEventMap['clip.content-saved'] {
  return {
    clipId: row.id,
    ownerId: row.userId,
    content: row.content,
    version: row.version,
    files: files.map(toFileSummary),
  };
}

/** What the owner's devices are told when a clip is made. */
export function toClipCreatedEvent(row: ClipRow, files: ClipFileRow[]): DomainEventMap['clip.created'] {
  return { ...toClipSavedEvent(row, files), createdAt: row.createdAt.toISOString() };
}

export function toClipDeletedEvent(row: ClipRow): DomainEventMap['clip.deleted'] {
  return { clipId: row.id, ownerId: row.userId };
}
