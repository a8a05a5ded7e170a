import type { ClipFileSummary } from '@clipsync/shared';
import type { ShareKey } from '@clipsync/shared/crypto';
import { useTranslation } from 'react-i18next';
import { useSealedFileMetadata } from '../../../api/sealed-file-queries';
import { FileCard, FileCardList } from '../../../components/FileCard';
import { FileRowActions } from '../../../components/FileRowActions';
import { openedFileSize } from '../../../lib/sealed-files';
import { useSealedFileDownload } from './use-sealed-file-download';

interface EncryptedFileListProps<File extends ClipFileSummary> {
  title: string;
  files: readonly File[];
  encryptionKey: ShareKey;
  /** Asked with the file's real name, for the owner's confirmation. */
  onRemove?: (file: File) => void;
}

/**
 * An end-to-end encrypted clip's files: each name and type opened from the start of its bytes, the size
 * without the encryption's overhead, Download opening the whole file in the browser. No preview: the
 * server's copy is ciphertext. A file that does not open reads as the one failure sentence.
 */
export function EncryptedFileList<File extends ClipFileSummary>({
  title,
  files,
  encryptionKey,
  onRemove,
}: EncryptedFileListProps<File>) {
  const { t } = useTranslation();
  const metadata = useSealedFileMetadata(files, encryptionKey);
  const download = useSealedFileDownload(encryptionKey);
  if (files.length === 0) return null;
  return (
    <FileCardList title={title}>
      {files.map((file, index) => {
        const opened = metadata[index]?.data;
        const failed = metadata[index]?.isError ?? false;
        const name = opened?.name ?? t(failed ? 'encryption.failed' : 'encryption.fileOpening');
        return (
          <FileCard
            key={file.url}
            name={name}
            size={openedFileSize(file.size, encryptionKey.hasPassword)}
            sizeUnits="scaled"
            mediaType={opened?.type ?? null}
            previewUrl={null}
            action={
              <FileRowActions
                name={name}
                onDownload={() => void download(file.url)}
                downloadDisabled={!opened}
                onRemove={onRemove && (() => onRemove({ ...file, name }))}
              />
            }
          />
        );
      })}
    </FileCardList>
  );
}
