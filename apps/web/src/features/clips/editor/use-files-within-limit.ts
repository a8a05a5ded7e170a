import { useTranslation } from 'react-i18next';
import { splitByUploadLimit } from '../../../lib/upload-limit';
import { useToast } from '../../../ui/use-toast';

/** The new-clip rule: files over 10 MB are named in one toast and left out; the rest are returned. */
export function useFilesWithinLimit() {
  const { t } = useTranslation();
  const toast = useToast();
  return (files: readonly File[]): File[] => {
    const { accepted, tooLarge } = splitByUploadLimit(files);
    if (tooLarge.length > 0) {
      const names = tooLarge.map((file) => file.name).join(', ');
      toast.error({ title: t('editor.filesTooLarge', { names, count: tooLarge.length }) });
    }
    return accepted;
  };
}
