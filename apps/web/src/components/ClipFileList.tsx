import type { ClipFileSummary } from '@clipsync/shared';
import { Download, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { FileCard, FileCardList, storedFilePreview } from './FileCard';
import { useFileDownload } from './use-file-download';

interface ClipFileListProps<File extends ClipFileSummary> {
  title: string;
  files: readonly File[];
  /** The clip's owner may remove a stored file; the list only asks, the caller confirms. */
  onRemove?: (file: File) => void;
}

/**
 * Files already stored with a clip: name, size (1024-based units), type, an image preview, and
 * Download; Remove beside it when `onRemove` is given.
 */
export function ClipFileList<File extends ClipFileSummary>({ title, files, onRemove }: ClipFileListProps<File>) {
  const { t } = useTranslation();
  const download = useFileDownload();
  if (files.length === 0) return null;
  return (
    <FileCardList title={title}>
      {files.map((file) => (
        <FileCard
          key={file.url}
          name={file.name}
          size={file.size}
          sizeUnits="scaled"
          mediaType={file.type}
          previewUrl={storedFilePreview(file.url, file.type)}
          action={
            <div className="flex shrink-0 items-center gap-1">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void download(file)}
                aria-label={`${t('editor.download')} ${file.name}`}
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                {t('editor.download')}
              </Button>
              {onRemove && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRemove(file)}
                  aria-label={t('editor.removeFile', { name: file.name })}
                  title={t('editor.removeFile', { name: file.name })}
                >
                  <Trash2 className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden="true" />
                </Button>
              )}
            </div>
          }
        />
      ))}
    </FileCardList>
  );
}
