import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/browser-files';
import { useToast } from '../../ui/use-toast';

/**
 * SPEC §7 Downloads: fetch the file and save it under its name; if fetching fails, fall back to opening
 * the URL directly (the server sends attachments with their file name).
 */
export function useFileDownload() {
  const { t } = useTranslation();
  const toast = useToast();
  return async (file: { url?: string | null; name: string }) => {
    if (!file.url) return toast.error({ title: t('downloads.noUrl') });
    toast.success({ title: t('downloads.downloading', { file: file.name }), duration: 2000 });
    try {
      const response = await fetch(file.url, { credentials: 'include' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), file.name);
    } catch {
      try {
        window.open(file.url, '_blank', 'noopener');
      } catch {
        toast.error({ title: t('downloads.failed') });
      }
    }
  };
}
