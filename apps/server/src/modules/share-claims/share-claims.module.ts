import { defineModule } from '../define-module';
import { createShareClaimsContext } from './share-claims.context';
import { shareClaimsRoutes } from './share-claims.routes';
import { deleteExpiredShareClaims } from './share-claims.service';
import { shareTargetRoutes } from './share-target.routes';

/**
 * Shares that reached the server's `POST /share-target` with no service worker to catch them (docs/security.md#shares-kept-for-a-claim):
 * kept 15 minutes under a single-use claim link, made a clip by the signed-in app, else deleted.
 */
export const shareClaimsModule = defineModule((ctx) => {
  const claims = createShareClaimsContext(ctx);
  return {
    routes: async (api) => {
      await api.register(shareClaimsRoutes, { ctx: claims });
    },
    pageRoutes: shareTargetRoutes(claims),
    jobs: [{ name: 'share claims expiry', everyMs: 60_000, run: () => deleteExpiredShareClaims(claims) }],
  };
});
