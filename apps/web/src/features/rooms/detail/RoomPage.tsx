import type { RoomClosedPayload } from '@clipsync/shared';
import { Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, isRefusal } from '../../../api/client';
import { useRoom, useRoomCache } from '../../../api/room-queries';
import { LoadFailed } from '../../../components/LoadFailed';
import { TakedownOwnerNotice, TakenDownMessage } from '../../../components/TakenDownNotice';
import { oneOf } from '../../../lib/one-of';
import { useItemTakenDown } from '../../../realtime/use-item-taken-down';
import { useRoomLiveUpdates } from '../../../realtime/use-room-live-updates';
import { Button } from '../../../ui/Button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { useErrorToast } from '../../../ui/use-error-toast';
import { useToast } from '../../../ui/use-toast';
import { RoomActivityTab } from './RoomActivityTab';
import { RoomContentSkeleton, RoomContentTab } from './RoomContentTab';
import { RoomHeader } from './RoomHeader';
import { RoomMembersTab } from './RoomMembersTab';
import { RoomReadOnlyNotice } from './RoomReadOnlyNotice';
import { useRoomContentFilters } from './use-room-content-filters';

const ROOM_TABS = ['content', 'members', 'activity'] as const;
type RoomTab = (typeof ROOM_TABS)[number];

const CLOSED_MESSAGES: Record<RoomClosedPayload['reason'], string> = {
  removed: 'rooms.closedRemoved',
  deleted: 'rooms.closedDeleted',
  left: 'rooms.closedLeft',
};

/**
 * /rooms/{roomId}, the room's page: header, then the Content, Members and Activity tabs. Opening a
 * public room joins it (the server does that); every member's changes arrive live on the room's channel.
 */
export default function RoomPage() {
  const { roomId = '' } = useParams();
  return <RoomView key={roomId} roomId={roomId} />;
}

function RoomView({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [tab, setTab] = useState<RoomTab>('content');
  const contentFilters = useRoomContentFilters();
  const roomQuery = useRoom(roomId, contentFilters.appliedFilters, contentFilters.page);
  const { refetchRoom, forgetRoom } = useRoomCache();
  const isClosingHere = useRef(false);
  const [isRemoved, setIsRemoved] = useState(false);

  // The server said no (not found, or no longer a member): Retry would only hear it again.
  const refusal = isRefusal(roomQuery.error) ? roomQuery.error : null;
  const isMissing = refusal !== null && [400, 404].includes(refusal.status);
  // The operator took the room down: said at once to its open pages, or by the 410 of the next fetch.
  const isTakenDown = isRemoved || (roomQuery.error instanceof ApiError && roomQuery.error.code === 'TAKEN_DOWN');
  useErrorToast(roomQuery.isError && refusal === null, t('rooms.loadRoomFailed'));
  useItemTakenDown('room', roomId, () => setIsRemoved(true));

  useRoomLiveUpdates(roomId, roomQuery.isSuccess && !isTakenDown, {
    onChanged: () => void refetchRoom(roomId),
    onSubscribed: () => void refetchRoom(roomId),
    onClosed: (reason) => {
      if (isClosingHere.current) return;
      toast.error({ title: t(CLOSED_MESSAGES[reason]) });
      void forgetRoom(roomId);
      void navigate('/rooms');
    },
  });

  // Once taken down, nothing of the room stays on the page (its owner is never told this way: they keep it).
  if (isTakenDown) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8">
        <TakenDownMessage />
        <Button asChild variant="secondary">
          <Link to="/rooms">{t('rooms.backToRooms')}</Link>
        </Button>
      </div>
    );
  }
  const room = roomQuery.data;
  if (!room) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        {roomQuery.isError && refusal === null ? (
          <div className="flex flex-col items-center gap-4">
            <LoadFailed
              title={t('loadFailed.room')}
              onRetry={() => void roomQuery.refetch()}
              isRetrying={roomQuery.isFetching}
              className="w-full"
            />
            <Button asChild variant="ghost">
              <Link to="/rooms">{t('rooms.backToRooms')}</Link>
            </Button>
          </div>
        ) : roomQuery.isError ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p role="alert">{t(isMissing ? 'rooms.notFound' : 'rooms.loadRoomFailed')}</p>
            <Button asChild variant="secondary">
              <Link to="/rooms">{t('rooms.backToRooms')}</Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-6">
            <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
              <Loader2 className="h-5 w-5 animate-spin text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
              {t('common.loading')}
            </p>
            <RoomContentSkeleton />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <RoomHeader room={room} onClosingHere={() => (isClosingHere.current = true)} />
      {room.takedown && <TakedownOwnerNotice takedown={room.takedown} />}
      <RoomReadOnlyNotice room={room} />
      <Tabs value={tab} onValueChange={(value) => setTab(oneOf(ROOM_TABS, value) ?? tab)}>
        <TabsList aria-label={room.name}>
          <TabsTrigger value="content">{t('rooms.tabContent')}</TabsTrigger>
          <TabsTrigger value="members">{t('rooms.tabMembers')}</TabsTrigger>
          {room.abilities.viewActivity && <TabsTrigger value="activity">{t('rooms.tabActivity')}</TabsTrigger>}
        </TabsList>
        <TabsContent value="content" className="mt-6">
          <RoomContentTab
            room={room}
            isRefreshing={roomQuery.isPlaceholderData}
            filters={contentFilters.filters}
            appliedFilters={contentFilters.appliedFilters}
            onFiltersChange={contentFilters.setFilters}
            page={contentFilters.page}
            onPageChange={contentFilters.setPage}
          />
        </TabsContent>
        <TabsContent value="members" className="mt-6">
          <RoomMembersTab room={room} />
        </TabsContent>
        <TabsContent value="activity" className="mt-6">
          <RoomActivityTab roomId={room.id} isActive={tab === 'activity'} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
