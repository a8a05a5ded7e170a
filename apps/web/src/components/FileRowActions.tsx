import { Download, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

interface FileRowActionsProps {
  /** The name the buttons are labelled with, for screen readers. */
  name: string;
  onDownload: () => void;
  /** Download waits for something, such as an encrypted file's name being opened. */
  downloadDisabled?: boolean;
  /** Remove is shown only to the one who may remove the file; it asks, the caller confirms. */
  onRemove?: () => void;
}

/**
 * A stored file's Download and, for its owner, Remove: the actions of a file card. In a narrow card
 * (`FileCard` is their container) Download is its icon alone, named as before.
 */
export function FileRowActions({ name, onDownload, downloadDisabled, onRemove }: FileRowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={downloadDisabled}
        onClick={onDownload}
        aria-label={`${t('editor.download')} ${name}`}
        title={t('editor.download')}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        {/* In a card narrower than 20rem (a phone’s) the word would leave the file's name a few letters. */}
        <span className="hidden @xs:inline">{t('editor.download')}</span>
      </Button>
      {onRemove && (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={t('editor.removeFile', { name })}
          title={t('editor.removeFile', { name })}
        >
          <Trash2 className="h-4 w-4 text-red-600 dark:text-red-400" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
