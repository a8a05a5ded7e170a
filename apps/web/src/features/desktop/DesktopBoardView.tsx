import type { Desktop } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/Skeleton';
import { DesktopGrid } from './DesktopGrid';
import type { DesktopBoard } from './use-desktop-board';

interface DesktopBoardViewProps {
  /** Undefined while loading, or when the first load failed (an empty desktop is shown then). */
  desktop: Desktop | undefined;
  isLoading: boolean;
  visibleWidth: number;
  board: DesktopBoard;
}

/** The blocks of a desktop with the upload's progress above them; a skeleton while loading. */
export function DesktopBoardView({ desktop, isLoading, visibleWidth, board }: DesktopBoardViewProps) {
  const { t } = useTranslation();
  if (isLoading) return <DesktopSkeleton />;
  const items = desktop?.items ?? [];
  const { uploadProgress } = board;
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
      <DesktopGrid
        items={items}
        visibleWidth={visibleWidth}
        canMove={desktop?.abilities.moveItems ?? false}
        canDelete={desktop?.abilities.deleteItems ?? false}
        onLayoutChange={board.queueLayout}
        onDelete={board.deleteItem}
      />
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
