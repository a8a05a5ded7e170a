import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressListener } from '../api/client';
import { splitByUploadLimit } from '../lib/upload-limit';
import { useToast } from '../ui/use-toast';

export interface UploadProgress {
  name: string;
  fraction: number;
}

interface UploadQueueOptions {
  /** Sends one file; resolves once the server has it. */
  send(file: File, onProgress: ProgressListener): Promise<unknown>;
  /** The toasts' titles (i18n keys) of one file's success and failure. */
  successKey: string;
  failureKey: string;
}

/**
 * Files sent one after another with their progress (rooms, desktop). A file over 10 MB gets
 * 'File too large' with its name and is not sent; the others still are. A failure says the server's reason.
 */
export function useUploadQueue({ send, successKey, failureKey }: UploadQueueOptions) {
  const { t } = useTranslation();
  const toast = useToast();
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = async (files: readonly File[]) => {
    const { accepted, tooLarge } = splitByUploadLimit(files);
    for (const file of accepted) {
      setProgress({ name: file.name, fraction: 0 });
      try {
        await send(file, (fraction) => setProgress({ name: file.name, fraction }));
        toast.success({ title: t(successKey) });
      } catch (error) {
        toast.error({ title: t(failureKey), description: error instanceof Error ? error.message : undefined });
      }
    }
    setProgress(null);
    // Toasts show one at a time: the refusal comes last so that the uploads' own toasts do not hide it.
    for (const file of tooLarge) {
      toast.error({ title: t('common.fileTooLarge'), description: t('common.fileTooLargeBody', { file: file.name }) });
    }
  };
  return { upload, progress };
}
