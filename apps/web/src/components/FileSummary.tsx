import { FileIcon } from 'lucide-react';
import { isPreviewableImage } from '../lib/browser-files';
import { formatFileSize } from '../lib/file-size';
import { FileTypeLabel } from './FileTypeLabel';
import { ImagePreview } from './ImagePreview';

interface FileSummaryProps {
  name: string;
  size: number;
  mediaType: string | null;
  /** Where the file is: an image there gets a preview, anything else the generic file icon. */
  url: string | null;
}

/** A stored file at a glance (room items, desktop blocks): preview or icon, name, SPEC §9 size, type. */
export function FileSummary({ name, size, mediaType, url }: FileSummaryProps) {
  return (
    <div className="flex items-center gap-3">
      {url && isPreviewableImage(mediaType ?? '') ? (
        <ImagePreview name={name} url={url} />
      ) : (
        <FileIcon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="flex flex-wrap gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span>{formatFileSize(size)}</span>
          <FileTypeLabel mediaType={mediaType} fileName={name} />
        </p>
      </div>
    </div>
  );
}
