import type { EditConflictCurrent } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Dialog, DialogContent } from '../ui/Dialog';

/** A save refused because the text changed elsewhere: the text this device has, and what is stored now. */
export interface EditConflict {
  mine: string;
  theirs: EditConflictCurrent;
}

interface EditConflictDialogProps {
  conflict: EditConflict | null;
  /** Save this device's text over the stored one (from the stored version). */
  onKeepMine: () => void;
  /** Show the stored text instead; this device's text is dropped only by this choice. */
  onTakeTheirs: () => void;
  /** Closed without a choice: this device's text stays in its editor, unsaved. */
  onDismiss: () => void;
}

/**
 * "Changed on another device": both texts side by side and a choice between them, so an edit made on two
 * devices at once is never lost without the user deciding it.
 */
export function EditConflictDialog({ conflict, onKeepMine, onTakeTheirs, onDismiss }: EditConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={conflict !== null} onOpenChange={(isOpen) => !isOpen && onDismiss()}>
      {conflict && (
        <DialogContent
          title={t('editConflict.title')}
          description={t('editConflict.description')}
          closeLabel={t('common.close')}
          className="w-[min(48rem,calc(100vw-2rem))]"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <ConflictVersion label={t('editConflict.mine')} text={conflict.mine} />
            <ConflictVersion label={t('editConflict.theirs')} text={conflict.theirs.text} />
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onTakeTheirs}>
              {t('editConflict.takeTheirs')}
            </Button>
            <Button onClick={onKeepMine}>{t('editConflict.keepMine')}</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ConflictVersion({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <pre
        aria-label={label}
        className="max-h-64 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-2 font-sans text-sm wrap-anywhere whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-800"
      >
        {text === '' ? t('editConflict.empty') : text}
      </pre>
    </figure>
  );
}
