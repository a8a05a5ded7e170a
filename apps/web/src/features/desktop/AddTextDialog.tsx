import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { DialogFormActions } from '../../ui/DialogFormActions';

interface AddTextDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  isAdding: boolean;
  /** Called with the text; `onAdded` closes the dialog once the block exists. */
  onAdd: (content: string, onAdded: () => void) => void;
}

/** New Text's dialog 'Add to Desktop': a text area and Add, disabled while the text is blank. */
export function AddTextDialog({ isOpen, onOpenChange, isAdding, onAdd }: AddTextDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const canAdd = text.trim() !== '' && !isAdding;
  const close = () => {
    setText('');
    onOpenChange(false);
  };
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent title={t('desktop.addTitle')} closeLabel={t('common.close')}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (canAdd) onAdd(text, close);
          }}
        >
          <label htmlFor="desktop-text" className="sr-only">
            {t('desktop.textLabel')}
          </label>
          <textarea
            id="desktop-text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('desktop.textPlaceholder')}
            rows={6}
            className="w-full rounded-lg border border-slate-300 bg-white p-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400"
          />
          <DialogFormActions
            cancelLabel={t('desktop.cancel')}
            submitLabel={t(isAdding ? 'desktop.adding' : 'desktop.add')}
            canSubmit={canAdd}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
