import { isDesktopFileUrl, type DesktopItem } from '@clipsync/shared';
import { Download, Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileCard, storedFilePreview } from '../../components/FileCard';
import { useFileDownload } from '../../components/use-file-download';
import { BlockButton, DesktopBlock } from './DesktopBlock';
import type { BlockFocusProps } from './use-block-keyboard';

interface FileBlockProps {
  item: DesktopItem;
  canMove: boolean;
  canDelete: boolean;
  onDelete: (item: DesktopItem) => void;
  focusProps?: BlockFocusProps;
}

/**
 * A file block with its preview (images), name, size, Download (idle, 'Downloading...', idle;
 * 'Download started') and delete. `file_url` is signed: it needs no bearer header.
 */
export function FileBlock({ item, canMove, canDelete, onDelete, focusProps }: FileBlockProps) {
  const { t } = useTranslation();
  const download = useFileDownload({ startedKey: 'desktop.downloadStarted' });
  const [isDownloading, setIsDownloading] = useState(false);
  const name = item.file_name ?? '';
  // Only a desktop file's own address is fetched or shown: anything else is no file of this desktop.
  const url = isDesktopFileUrl(item.file_url) ? item.file_url : null;
  const start = async () => {
    setIsDownloading(true);
    try {
      await download({ url, name });
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <DesktopBlock
      label={name}
      title={t('desktop.fileBlock')}
      icon={Paperclip}
      canMove={canMove}
      focusProps={focusProps}
      actions={
        <>
          <BlockButton
            label={t('desktop.download')}
            icon={Download}
            onClick={() => void start()}
            disabled={isDownloading}
            text={isDownloading ? t('desktop.downloading') : t('desktop.download')}
          />
          {canDelete && (
            <BlockButton label={t('desktop.delete')} icon={Trash2} onClick={() => onDelete(item)} isDestructive />
          )}
        </>
      }
    >
      <FileCard
        placement="inside"
        name={name}
        size={item.file_size ?? 0}
        sizeUnits="scaled"
        mediaType={item.file_type}
        previewUrl={storedFilePreview(url, item.file_type)}
      />
    </DesktopBlock>
  );
}
