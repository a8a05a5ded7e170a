import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/browser-files';
import { useToast } from '../../ui/use-toast';

/** Copies a block's text and says so ('Copied'), or that the browser refused. */
export function useCopyBlockText(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  const toast = useToast();
  return async (text) => {
    try {
      await copyText(text);
      toast.success({ title: t('desktop.copied') });
    } catch {
      toast.error({ title: t('desktop.copyFailed') });
    }
  };
}
