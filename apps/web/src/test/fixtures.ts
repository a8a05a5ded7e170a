import type { Clip, ClipAbilities, ClipShareSettings, PublicUser } from '@clipsync/shared';

const CREATED_AT = '2026-01-01T00:00:00Z';

export const testUser: PublicUser = {
  id: 'u1',
  email: 'a@example.com',
  name: 'A',
  emailConfirmedAt: null,
  role: 'user',
  createdAt: CREATED_AT,
};

/** What the server grants a clip's owner, and what it grants everyone else. */
export const OWNER_ABILITIES: ClipAbilities = { update: true, delete: true, favorite: true, upload: true };
export const VIEWER_ABILITIES: ClipAbilities = { update: false, delete: false, favorite: false, upload: false };

/** A clip as the server sends it, both spellings (`isFavorite`, `is_favorite`, …); the test user owns it. */
export function makeClip(overrides: Partial<Clip> = {}): Clip {
  return {
    id: 'clip-1',
    content: '',
    version: 1,
    userId: testUser.id,
    isFavorite: false,
    is_favorite: false,
    files: [],
    createdAt: CREATED_AT,
    created_at: CREATED_AT,
    updatedAt: CREATED_AT,
    updated_at: CREATED_AT,
    encrypted: false,
    filePath: null,
    fileName: null,
    fileType: null,
    abilities: OWNER_ABILITIES,
    ...overrides,
  };
}

/** A clip's open link with no limits and no password (its id `link-1`), with `overrides`. */
export function makeShareSettings(overrides: Partial<ClipShareSettings> = {}): ClipShareSettings {
  return {
    linkId: 'link-1',
    expiresAt: null,
    maxViews: null,
    viewsLeft: null,
    hasPassword: false,
    state: null,
    deleteAfter: false,
    endedAt: null,
    expirySetAt: null,
    ...overrides,
  };
}
