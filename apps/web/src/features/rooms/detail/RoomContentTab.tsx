import { ROOM_CONTENT_PAGE_SIZE, type RoomDetail, type RoomContentItem } from '@clipsync/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveRoomContent } from '../../../api/room-mutations';
import { Pager } from '../../../components/Pager';
import { usePasteAndDrop } from '../../../components/use-paste-and-drop';
import { pageCount } from '../../../lib/clip-filters';
import { appendPastedText } from '../../../lib/pasted-files';
import { hasActiveContentFilters, type RoomContentFilters } from '../../../lib/room-filters';
import { cn } from '../../../ui/cn';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Skeleton } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/use-toast';
import { RoomComposer } from './RoomComposer';
import { RoomContentCard } from './RoomContentCard';
import { RoomContentFilterBar } from './RoomContentFilterBar';
import { useRoomUploads } from './use-room-uploads';

interface RoomContentTabProps {
  room: RoomDetail;
  /** Whether the shown page is the previous one while the next loads. */
  isRefreshing: boolean;
  filters: RoomContentFilters;
  appliedFilters: RoomContentFilters;
  onFiltersChange: (filters: RoomContentFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
}

/** The Content tab: add text and files (also by paste and drop), filter, and the grid of items. */
export function RoomContentTab(props: RoomContentTabProps) {
  const { room, isRefreshing, filters, appliedFilters, onFiltersChange, page, onPageChange } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState('');
  const { upload, progress } = useRoomUploads(room.id);
  const { isDraggingFiles } = usePasteAndDrop({
    enabled: room.abilities.addContent,
    onFiles: (files) => void upload(files),
    onText: (pasted) => setText((current) => appendPastedText(current, pasted)),
  });
  const [toDelete, setToDelete] = useState<RoomContentItem | null>(null);
  const removeContent = useRemoveRoomContent({
    onSuccess: () => toast.success({ title: t('rooms.contentDeleted') }),
    onError: () => toast.error({ title: t('rooms.deleteContentFailed') }),
  });
  const pages = pageCount(room.contentTotal, ROOM_CONTENT_PAGE_SIZE);

  return (
    <div className={cn('space-y-4 rounded-xl', isDraggingFiles && 'ring-2 ring-indigo-500 ring-offset-4')}>
      {room.abilities.addContent && (
        <RoomComposer
          roomId={room.id}
          onFiles={(files) => void upload(files)}
          upload={progress}
          text={text}
          onTextChange={setText}
        />
      )}
      <RoomContentFilterBar
        filters={filters}
        onChange={onFiltersChange}
        authors={room.authors}
        total={room.contentTotal}
      />
      {room.content.length === 0 ? (
        <p className="py-12 text-center text-slate-600 dark:text-slate-300">
          {t(hasActiveContentFilters(appliedFilters) ? 'rooms.noContentFiltered' : 'rooms.noContent')}
        </p>
      ) : (
        <ul
          aria-busy={isRefreshing}
          className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-3', isRefreshing && 'opacity-60')}
        >
          {room.content.map((item) => (
            <li key={item.id} className="flex min-w-0">
              <RoomContentCard roomId={room.id} item={item} onDelete={setToDelete} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && <Pager page={page} pages={pages} onPageChange={onPageChange} />}
      <ConfirmDialog
        isOpen={toDelete !== null}
        onOpenChange={(isOpen) => !isOpen && setToDelete(null)}
        title={t('rooms.deleteContentTitle')}
        description={t('rooms.deleteContentText')}
        confirmLabel={t('rooms.delete')}
        cancelLabel={t('rooms.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => toDelete && removeContent.mutate({ roomId: room.id, contentId: toDelete.id })}
      />
    </div>
  );
}

/** The content grid's placeholders while the room loads for the first time. */
export function RoomContentSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-32" />
      ))}
    </div>
  );
}
