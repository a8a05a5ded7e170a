import type { ClipFileSummary } from '@clipsync/shared';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { FileCard, FileCardList, storedFilePreview } from './FileCard';
import { useFileDownload } from './use-file-download';

/** Files already stored with a clip: name, size (1024-based units), type, an image preview, and Download. */
export function ClipFileList({ title, files }: { title: string; files: readonly ClipFileSummary[] }) {
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
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void download(file)}
              aria-label={`${t('editor.download')} ${file.name}`}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('editor.download')}
            </Button>
          }
        />
      ))}
    </FileCardList>
  );
}
