import { DecryptError, type ShareKey } from '@clipsync/shared/crypto';
import { useTranslation } from 'react-i18next';
import { readSealedFile } from '../../../api/sealed-file-queries';
import { saveBlob } from '../../../lib/browser-files';
import { useToast } from '../../../ui/use-toast';

/**
 * Download of an end-to-end encrypted file: fetched, opened in the browser and saved under its real name
 * only once every record has authenticated (a cut or altered file saves nothing). A file that does not
 * open says the one failure sentence; a download that fails says 'Failed to download file'.
 */
export function useSealedFileDownload(key: ShareKey) {
  const { t } = useTranslation();
  const toast = useToast();
  return async (url: string) => {
    try {
      const { blob, name } = await readSealedFile(url, key);
      saveBlob(blob, name);
      toast.success({ title: t('downloads.downloading', { file: name }), duration: 2000 });
    } catch (error) {
      toast.error({ title: t(error instanceof DecryptError ? 'encryption.failed' : 'downloads.failed') });
    }
  };
}
