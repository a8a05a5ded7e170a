import { useTranslation } from 'react-i18next';
import { copyText, saveBlob } from '../../../lib/browser-files';
import { useToast } from '../../../ui/use-toast';

/** The name Download saves a clip's text under. */
const clipTextFileName = (clipId: string) => `clip-${clipId}.txt`;

/** Copy Content and Download, the same on every clip screen. */
export function useClipContentActions() {
  const { t } = useTranslation();
  const toast = useToast();
  return {
    copyContent: async (text: string) => {
      try {
        await copyText(text);
        toast.success({ title: t('editor.copied') });
      } catch {
        toast.error({ title: t('editor.copyFailed') });
      }
    },
    downloadContent: (clipId: string, text: string) => {
      saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), clipTextFileName(clipId));
      toast.success({ title: t('editor.downloaded') });
    },
  };
}
