import { ROOMS_PAGE_SIZE } from '@clipsync/shared';
import { Plus, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomCache, useRoomList } from '../../../api/room-queries';
import { hasFailedToLoad } from '../../../ui/QueryState';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { pageCount } from '../../../lib/clip-filters';
import { countActiveRoomFilters, NO_ROOM_FILTERS } from '../../../lib/room-filters';
import { useRoomsClosed } from '../../../realtime/use-rooms-closed';
import { Button } from '../../../ui/Button';
import { useErrorToast } from '../../../ui/use-error-toast';
import { CreateRoomDialog } from './CreateRoomDialog';
import { RoomFilterPanel } from './RoomFilterPanel';
import { RoomGrid } from './RoomGrid';
import { differsFromDefaults } from './room-list-params';
import { useKeepPageInRange } from '../../../components/use-list-url-state';
import { useRoomListState } from './use-room-list-state';

/**
 * The Rooms list: the caller's rooms, filtered, sorted and paged (50 a page) on the server; the
 * filters live in the URL and reach the server 300 ms after they settle.
 */
export default function RoomsPage() {
  const { t } = useTranslation();
  const { filters, appliedFilters, setFilters, page, setPage } = useRoomListState();
  const rooms = useRoomList(appliedFilters, page);
  const total = rooms.isPlaceholderData ? undefined : rooms.data?.total;
  useKeepPageInRange(page, total, ROOMS_PAGE_SIZE, setPage);
  useErrorToast(rooms.isError, t('rooms.loadFailed'));
  const { dropRoom } = useRoomCache();
  useRoomsClosed(({ roomId }) => void dropRoom(roomId));

  const activeCount = countActiveRoomFilters(filters);
  // A link with filters in it opens with the panel showing them.
  const [isPanelOpen, setIsPanelOpen] = useState(() => differsFromDefaults(filters));
  const [isCreating, setIsCreating] = useState(false);
  const panelId = useId();
  const openCreate = () => setIsCreating(true);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <PageHeader title={t('pages.rooms')}>
        <Button onClick={openCreate}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('rooms.createRoom')}
        </Button>
      </PageHeader>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          aria-expanded={isPanelOpen}
          aria-controls={panelId}
          onClick={() => setIsPanelOpen((isOpen) => !isOpen)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {t('rooms.filters')}
          {activeCount > 0 && (
            <>
              <span
                aria-hidden="true"
                className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-indigo-400 dark:text-slate-950"
              >
                {activeCount}
              </span>
              <span className="sr-only">{t('rooms.activeFilters', { count: activeCount })}</span>
            </>
          )}
        </Button>
        {differsFromDefaults(filters) && (
          <Button variant="ghost" onClick={() => setFilters(NO_ROOM_FILTERS)}>
            {t('rooms.clearAll')}
          </Button>
        )}
        {rooms.data && (
          <p aria-live="polite" className="ml-auto text-sm text-slate-600 dark:text-slate-300">
            {t('rooms.roomCount', { count: rooms.data.total })}
          </p>
        )}
      </div>
      {isPanelOpen && <RoomFilterPanel id={panelId} filters={filters} onChange={setFilters} />}
      <RoomGrid
        rooms={rooms.data?.rooms}
        isLoading={rooms.isLoading}
        loadFailure={
          hasFailedToLoad(rooms) ? { onRetry: () => void rooms.refetch(), isRetrying: rooms.isFetching } : null
        }
        isFiltered={countActiveRoomFilters(appliedFilters) > 0}
        onCreate={openCreate}
      />
      <Pager page={page} pages={pageCount(rooms.data?.total ?? 0, ROOMS_PAGE_SIZE)} onPageChange={setPage} />
      <CreateRoomDialog isOpen={isCreating} onOpenChange={setIsCreating} />
    </div>
  );
}
