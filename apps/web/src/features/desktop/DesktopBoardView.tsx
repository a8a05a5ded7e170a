import type { Desktop } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/Skeleton';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../../ui/use-media-query';
import { DesktopColumn } from './DesktopColumn';
import { DesktopGrid } from './DesktopGrid';
import type { DesktopBoard } from './use-desktop-board';

interface DesktopBoardViewProps {
  /** Undefined while loading (a page whose first load failed shows `LoadFailed` instead of the board). */
  desktop: Desktop | undefined;
  isLoading: boolean;
  visibleWidth: number;
  board: DesktopBoard;
}

/**
 * The blocks of a desktop with the upload's progress above them; a skeleton while loading. Wide screens get
 * the grid; below the `md` breakpoint, a column of the same blocks. A block whose deletion waits for its
 * Undo is already gone from both.
 */
export function DesktopBoardView({ desktop, isLoading, visibleWidth, board }: DesktopBoardViewProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY);
  if (isLoading) return <DesktopSkeleton />;
  const items = (desktop?.items ?? []).filter((item) => !board.hiddenItemIds.has(item.id));
  const { uploadProgress } = board;
  const canDelete = desktop?.abilities.deleteItems ?? false;
  return (
    <div className="space-y-3">
      {uploadProgress && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('desktop.uploadProgress', {
            name: uploadProgress.name,
            percent: Math.round(uploadProgress.fraction * 100),
          })}
        </p>
      )}
      {items.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {t('desktop.empty')}
        </p>
      )}
      {isNarrow ? (
        <DesktopColumn items={items} canDelete={canDelete} onDelete={board.deleteItem} />
      ) : (
        <DesktopGrid
          items={items}
          visibleWidth={visibleWidth}
          canMove={desktop?.abilities.moveItems ?? false}
          canDelete={canDelete}
          onLayoutChange={board.queueLayout}
          onDelete={board.deleteItem}
        />
      )}
    </div>
  );
}

function DesktopSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <div className="flex flex-wrap gap-3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[150px] w-[200px]" />
        ))}
      </div>
    </div>
  );
}
