import type { ClipFileSummary } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { ClipFileList } from '../../../components/ClipFileList';
import { EncryptedFileList } from '../sealed/EncryptedFileList';
import type { ClipEncryption } from '../sealed/use-opened-clip';

interface StoredClipFilesProps<File extends ClipFileSummary> {
  files: readonly File[];
  encryption?: ClipEncryption;
  onRemove?: (file: File) => void;
}

/** The clip's attached files: listed as stored, or, for an end-to-end encrypted clip, opened with its key. */
export function StoredClipFiles<File extends ClipFileSummary>({
  files,
  encryption,
  onRemove,
}: StoredClipFilesProps<File>) {
  const { t } = useTranslation();
  const title = t('editor.attachedFiles');
  return encryption ? (
    <EncryptedFileList title={title} files={files} encryptionKey={encryption.key} onRemove={onRemove} />
  ) : (
    <ClipFileList title={title} files={files} onRemove={onRemove} />
  );
}
