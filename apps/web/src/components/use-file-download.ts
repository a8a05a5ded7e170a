import { useTranslation } from 'react-i18next';
import { downloadByLink, saveBlob } from '../lib/browser-files';
import { useToast } from '../ui/use-toast';

/**
 * Fetch the file and save it under its name; if fetching fails, fall back to a direct
 * link (the server sends attachments with their file name), and say so when even that cannot start.
 * `startedKey` names the toast said as it starts: 'Downloading {file}' by default, the desktop's 'Download
 * started'.
 */
export function useFileDownload({ startedKey = 'downloads.downloading' }: { startedKey?: string } = {}) {
  const { t } = useTranslation();
  const toast = useToast();
  return async (file: { url?: string | null; name: string }) => {
    if (!file.url) return toast.error({ title: t('downloads.noUrl') });
    toast.success({ title: t(startedKey, { file: file.name }), duration: 2000 });
    let response: Response;
    try {
      response = await fetch(file.url, { credentials: 'include' });
    } catch {
      // The fetch itself failed (offline, blocked): a plain link may still get through.
      try {
        return downloadByLink(file.url, file.name);
      } catch {
        return toast.error({ title: t('downloads.failed') });
      }
    }
    // The server answered but has no such file: a link would only save its error as a file.
    if (!response.ok) return toast.error({ title: t('downloads.failed') });
    saveBlob(await response.blob(), file.name);
  };
}
