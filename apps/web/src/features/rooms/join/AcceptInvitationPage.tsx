import { useAcceptInvitation } from '../../../api/room-mutations';
import { RoomLinkLanding } from './RoomLinkLanding';

/**
 * A mailed room invitation (`/rooms/invite/{token}`), accepted as the account it was sent to (the guard may
 * have had the visitor sign up first). One that does not work (expired, cancelled, another address) says so.
 */
export default function AcceptInvitationPage() {
  return (
    <RoomLinkLanding
      useSpendLink={useAcceptInvitation}
      failedKey="rooms.invitationFailed"
      pendingKey="rooms.acceptingInvitation"
    />
  );
}
