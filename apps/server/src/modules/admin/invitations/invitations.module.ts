import { defineModule } from '../../define-module';
import { createInvitationsContext } from '../../accounts/invitations.context';
import { invitationLookupRoutes, invitationsRoutes } from './invitations.routes';

/**
 * An admin's invitations to sign up by e-mail, whatever the registration mode: sent, listed and revoked in
 * the console; the link's sign-up itself is the auth area's (register with `invitation`).
 */
export const adminInvitationsModule = defineModule((ctx) => {
  const invitations = createInvitationsContext(ctx);
  return {
    routes: async (api) => {
      await api.register(invitationsRoutes, { ctx: invitations });
      await api.register(invitationLookupRoutes, { ctx: invitations });
    },
  };
});
