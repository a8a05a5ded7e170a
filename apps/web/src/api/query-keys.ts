import type { RoomLinkPreviewRequest } from '@clipsync/shared';
import type { ClipFilters } from '../lib/clip-filters';
import type { RoomContentFilters, RoomListFilters } from '../lib/room-filters';
import type { PageRequest } from './clips-api';

// The query keys of the lists the user's channel keeps fresh, apart from their queries: the live refetch of
// every page imports them, and the queries would bring the client and the endpoint table's schemas into the
// first load of the landing page (bench/README.md, landing).

/** Query keys: every list and the stats sit under `clips`, so one invalidation refreshes them all. */
export const clipKeys = {
  all: ['clips'] as const,
  list: (kind: ClipListKind, filters: ClipFilters, page: PageRequest) => ['clips', kind, filters, page] as const,
  stats: ['clips', 'stats'] as const,
  detail: (id: string) => ['clip', id] as const,
  views: (id: string) => ['clip', id, 'views'] as const,
};

/** The signed-in user's clips, or their favourites only: both paged and filtered on the server. */
export type ClipListKind = 'history' | 'favorites';

/** Query keys: the lists under `rooms`, one room's detail and activity under `room, id`. */
export const roomKeys = {
  all: ['rooms'] as const,
  list: (filters: RoomListFilters, page: number) => ['rooms', filters, page] as const,
  room: (id: string) => ['room', id] as const,
  detail: (id: string, filters: RoomContentFilters, page: number) => ['room', id, 'detail', filters, page] as const,
  activity: (id: string) => ['room', id, 'activity'] as const,
  invitations: (id: string) => ['room', id, 'invitations'] as const,
  link: ({ kind, token }: RoomLinkPreviewRequest) => ['room-link', kind, token] as const,
};

/** The account's devices, this browser's registration and the sends waiting for it. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: ['devices', 'list'] as const,
  /** This browser's own registration, per signed-in user: a new sign-in is a new session, so a new device. */
  thisDevice: (userId: string) => ['devices', 'this', userId] as const,
  pendingSends: (userId: string) => ['device-sends', 'pending', userId] as const,
};
