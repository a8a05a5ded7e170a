import type { clips } from '../../db/schema';
import { definePolicy } from '../../lib/policy';

type ClipRow = Pick<typeof clips.$inferSelect, 'userId'>;
const isOwner = (actor: { userId: string } | null, clip: ClipRow) => actor?.userId === clip.userId;

/** Anyone holding a clip's link may read it and its files; only its owner may change it. */
export const clipPolicy = definePolicy<ClipRow>()({
  read: () => true,
  update: isOwner,
  upload: isOwner,
  deleteFile: isOwner,
  favorite: isOwner,
  delete: isOwner,
  publishLive: isOwner,
});
export type ClipAction = keyof typeof clipPolicy;
