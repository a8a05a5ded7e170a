import type { clips } from '../../db/schema';
import { definePolicy } from '../../lib/policy';

type ClipRow = Pick<typeof clips.$inferSelect, 'userId'>;
const isOwner = (actor: { userId: string } | null, clip: ClipRow) => actor?.userId === clip.userId;

/**
 * Anyone holding a clip's link may read it and its files (clip-link.ts says whether the link still
 * works and whether reading it needs a view); only its owner may change it, its link and see its views.
 */
export const clipPolicy = definePolicy<ClipRow>()({
  read: () => true,
  update: isOwner,
  upload: isOwner,
  deleteFile: isOwner,
  favorite: isOwner,
  delete: isOwner,
  publishLive: isOwner,
  share: isOwner,
  viewLog: isOwner,
});
export type ClipAction = keyof typeof clipPolicy;
