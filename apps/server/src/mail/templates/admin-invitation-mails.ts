import { ADMIN_INVITATION_TTL_DAYS } from '@clipsync/shared';
import type { Mail } from '../mailer';
import { compose } from './account-mails';

const PRODUCT = 'ClipSync';

/** An admin invites an address to create its account here, whatever the server's registration mode. */
export function adminInvitationMail(to: string, url: string): Mail {
  return compose(
    to,
    `You are invited to create a ${PRODUCT} account`,
    [
      `An admin of this ${PRODUCT} server invited you to create an account with this email address.`,
      `The link works once and expires in ${ADMIN_INVITATION_TTL_DAYS} days.`,
      'If you did not expect this invitation, you can ignore this email.',
    ],
    { label: 'Create my account', url },
  );
}
