import type { Desktop, DesktopItem, DesktopLayoutEntry, DesktopTarget } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { useAddDesktopText, useDeleteDesktopItem, useUploadDesktopFile } from '../../api/desktop-mutations';
import { useDesktopCache } from '../../api/desktop-queries';
import { useUploadQueue, type UploadProgress } from '../../components/use-upload-queue';
import { nextFreePosition } from '../../lib/desktop-layout';
import { useDesktopLiveUpdates } from '../../realtime/use-desktop-live-updates';
import { useUndoableAction } from '../../ui/use-undoable-action';
import { useToast } from '../../ui/use-toast';
import { useLayoutAutosave } from './use-layout-autosave';

interface DesktopBoardOptions {
  /** The grid's width on the page: new blocks go in the first free slot within it. */
  visibleWidth: number;
  /** Whether a saved layout says 'Layout saved' (the owner's page; the shared page stays quiet). */
  isLayoutSaveAnnounced: boolean;
  /** The shared page: the link it was opened with stopped working. */
  onShareRevoked?: () => void;
}

/** A desktop page's hands on its blocks. */
export interface DesktopBoard {
  /** Blank text is never sent. `onAdded` clears the field it came from. */
  addText(content: string, onAdded?: () => void): void;
  isAddingText: boolean;
  uploadFiles(files: readonly File[]): Promise<void>;
  uploadProgress: UploadProgress | null;
  /** Takes the block away at once; it is deleted when its Undo toast is over (see useUndoableAction). */
  deleteItem(item: DesktopItem): void;
  /** The blocks waiting for their Undo: not shown. */
  hiddenItemIds: ReadonlySet<string>;
  /** A drag's or resize's result: shown at once, saved 500 ms after the last one. */
  queueLayout(entries: readonly DesktopLayoutEntry[]): void;
}

/** What a block is called in a toast: its text's start or its file's name. */
const blockName = (item: DesktopItem) => (item.type === 'text' ? item.content.slice(0, 60) : (item.file_name ?? ''));
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

/**
 * What both desktop pages do with their blocks: add text and files ('Text added', 'File added' and their
 * failures), delete, save the layout after a drag, and follow the other views' changes live.
 */
export function useDesktopBoard(
  target: DesktopTarget,
  desktop: Desktop | undefined,
  options: DesktopBoardOptions,
): DesktopBoard {
  const { t } = useTranslation();
  const toast = useToast();
  const cache = useDesktopCache(target);
  const placeNext = () => nextFreePosition(cache.current()?.items ?? [], options.visibleWidth);

  const addText = useAddDesktopText(target, {
    onSuccess: () => toast.success({ title: t('desktop.textAdded') }),
    onError: (error) => toast.error({ title: t('desktop.addTextFailed'), description: reasonOf(error) }),
  });
  const uploadFile = useUploadDesktopFile(target);
  const uploads = useUploadQueue({
    send: (file, onProgress) => uploadFile.mutateAsync({ file, position: placeNext(), onProgress }),
    successKey: 'desktop.fileAdded',
    failureKey: 'desktop.uploadFailed',
  });
  // 'Item deleted' is the Undo toast's, said when the block goes: only a failure is said at the end.
  const deleteItem = useDeleteDesktopItem(target, {
    onError: (error) => toast.error({ title: t('desktop.deleteFailed'), description: reasonOf(error) }),
  });
  const undoable = useUndoableAction();
  const layout = useLayoutAutosave(target, options.isLayoutSaveAnnounced);

  useDesktopLiveUpdates(desktop ? { desktopId: desktop.network_id, shareToken: target.desktopId } : null, {
    onItem: layout.putItem,
    onRemoved: cache.removeItem,
    onSubscribed: () => void cache.refetch(),
    onShareRevoked: options.onShareRevoked,
  });

  return {
    addText: (content, onAdded) => {
      if (content.trim() === '') return;
      addText.mutate({ content, position: placeNext() }, { onSuccess: onAdded });
    },
    isAddingText: addText.isPending,
    uploadFiles: uploads.upload,
    uploadProgress: uploads.progress,
    deleteItem: (item) =>
      undoable.run({
        key: item.id,
        title: t('desktop.itemDeleted'),
        description: blockName(item),
        commit: ({ keepalive }) => deleteItem.mutateAsync({ itemId: item.id, keepalive }),
      }),
    hiddenItemIds: undoable.hidden,
    queueLayout: layout.queueLayout,
  };
}
