import { useTranslation } from 'react-i18next';
import { describeFileType } from '../lib/file-type';
import { cn } from '../ui/cn';

interface FileTypeLabelProps {
  mediaType: string | null | undefined;
  fileName?: string | null;
  className?: string;
}

/** A file's type in words ('PNG image', 'PDF document', 'DOCX'); the raw media type only as its tooltip. */
export function FileTypeLabel({ mediaType, fileName, className }: FileTypeLabelProps) {
  const { t } = useTranslation();
  const type = describeFileType(mediaType, fileName);
  const label =
    type.kind === 'extension'
      ? type.extension
      : type.kind === 'unknown'
        ? t('clips.file')
        : t(`cards.fileTypes.${type.kind}`, { format: 'format' in type ? type.format : '' });
  return (
    <span title={mediaType ?? undefined} className={cn('shrink-0 text-slate-500 dark:text-slate-400', className)}>
      {label}
    </span>
  );
}
