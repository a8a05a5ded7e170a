import { eq } from 'drizzle-orm';
import { desktops } from '../../db/schema';
import { authorize } from '../../lib/policy';
import { newSecretToken } from '../../lib/secure-tokens';
import { resolveDesktop } from './desktop-access';
import type { DesktopCaller, DesktopsContext } from './desktop.context';
import { desktopPolicy } from './desktop.policy';

// Sharing a personal desktop by link: the owner makes a new link or stops sharing; the link's holders
// reach the desktop through desktop-access.ts (findSharedDesktop).

/** The owner's share link, new each time (the old link stops working at once). */
export async function rotateShareToken(ctx: DesktopsContext, caller: DesktopCaller): Promise<{ shareToken: string }> {
  const { desktop, access } = await resolveDesktop(ctx, caller);
  authorize(desktopPolicy, 'share', caller.actor, access);
  if (access.ownerId) await ctx.entitlements.require(access.ownerId, 'sharing');
  const shareToken = newSecretToken();
  await ctx.db.update(desktops).set({ shareToken, updatedAt: new Date() }).where(eq(desktops.id, desktop.id));
  ctx.events.emit('desktop.share-revoked', { desktopId: desktop.id });
  return { shareToken };
}

/** The owner stops sharing: the link opens nothing, and open shared views stop hearing changes. */
export async function revokeShareToken(ctx: DesktopsContext, caller: DesktopCaller): Promise<void> {
  const { desktop, access } = await resolveDesktop(ctx, caller);
  authorize(desktopPolicy, 'share', caller.actor, access);
  await ctx.db.update(desktops).set({ shareToken: null, updatedAt: new Date() }).where(eq(desktops.id, desktop.id));
  ctx.events.emit('desktop.share-revoked', { desktopId: desktop.id });
}
