import { ROOM_INVITATION_TTL_DAYS } from '@clipsync/shared';
import type { Mail } from '../mailer';
import { compose } from './account-mails';

const PRODUCT = 'ClipSync';

export interface RoomInvitationMailInput {
  to: string;
  inviterEmail: string;
  roomName: string;
  url: string;
}

/** To an address that has a confirmed account: the link joins them once they open it signed in. */
export function roomInvitationMail({ to, inviterEmail, roomName, url }: RoomInvitationMailInput): Mail {
  return compose(
    to,
    `${inviterEmail} invited you to the room "${roomName}" on ${PRODUCT}`,
    [
      `${inviterEmail} invited you to join the room "${roomName}".`,
      `Open the link while signed in with this email address to join. It expires in ${ROOM_INVITATION_TTL_DAYS} days.`,
      'If you did not expect this invitation, you can ignore this email.',
    ],
    { label: 'Join the room', url },
  );
}

/**
 * To an address with no account: signing up with it and confirming it makes them a member; the room's
 * link then opens the room.
 */
export function roomSignUpInvitationMail(
  { to, inviterEmail, roomName, url }: RoomInvitationMailInput,
  signUpUrl: string,
): Mail {
  return compose(
    to,
    `${inviterEmail} invited you to the room "${roomName}" on ${PRODUCT}`,
    [
      `${inviterEmail} invited you to join the room "${roomName}" on ${PRODUCT}.`,
      `Create your ${PRODUCT} account with this email address and confirm it: you will then be a member of the room. The invitation expires in ${ROOM_INVITATION_TTL_DAYS} days.`,
      `Once you are signed in, this link opens the room: ${url}`,
      'If you did not expect this invitation, you can ignore this email.',
    ],
    { label: 'Sign up', url: signUpUrl },
  );
}
