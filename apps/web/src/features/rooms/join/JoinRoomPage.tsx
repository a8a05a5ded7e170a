import { useJoinRoom } from '../../../api/room-mutations';
import { RoomLinkLanding } from './RoomLinkLanding';

/** An invite link (`/rooms/join/{token}`), shared by a room's owner. */
export default function JoinRoomPage() {
  return <RoomLinkLanding useSpendLink={useJoinRoom} failedKey="rooms.joinFailed" pendingKey="rooms.joining" />;
}
