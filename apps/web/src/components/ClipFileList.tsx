import type { ClipFileSummary } from '@clipsync/shared';
import { FileCard, FileCardList, storedFilePreview } from './FileCard';
import { FileRowActions } from './FileRowActions';
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
            <FileRowActions
              name={file.name}
              onDownload={() => void download(file)}
              onRemove={onRemove && (() => onRemove(file))}
            />
          }
        />
      ))}
    </FileCardList>
  );
}
