import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTrigger } from '../ui/Dialog';

/** A file's thumbnail that opens the image at full size in a dialog (focus returns to it on close). */
export function ImagePreview({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger
        aria-label={t('shell.openPreview', { name })}
        className="shrink-0 rounded focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <img src={url} alt="" className="h-14 w-14 rounded object-cover" />
      </DialogTrigger>
      <DialogContent title={name} closeLabel={t('common.close')} className="w-[min(56rem,calc(100vw-2rem))]">
        <img
          src={url}
          alt={t('editor.imagePreview', { name })}
          className="mx-auto max-h-[75vh] w-auto rounded object-contain"
        />
      </DialogContent>
    </Dialog>
  );
}
