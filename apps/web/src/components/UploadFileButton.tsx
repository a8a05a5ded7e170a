import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

interface UploadFileButtonProps {
  onFiles: (files: File[]) => void;
  /** While files are being sent, the button says so ('Uploading...') and takes no more until they are. */
  busyLabel?: string;
}

/**
 * Upload File: a hidden picker taking any type, several at once. Files chosen during a save
 * stay pending for the next one.
 */
export function UploadFileButton({ onFiles, busyLabel }: UploadFileButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('editor.upload')}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // Cleared so that choosing the same file again still reports a change.
          event.target.value = '';
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={busyLabel !== undefined}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        {busyLabel ?? t('editor.upload')}
      </Button>
    </>
  );
}
