import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { CheckboxField } from '../../../ui/CheckboxField';
import { useToast } from '../../../ui/use-toast';

/** While the recovery key prints, index.css shows it alone on the page. */
const PRINTING_CLASS = 'printing-recovery-key';

/**
 * The recovery key, shown this once (it is never stored, and the server never sees it): copied, printed or
 * written down, and said to be saved before the encryption can be turned on.
 */
export function RecoveryKeyStep({
  recoveryKey,
  isSaved,
  onSavedChange,
  disabled,
}: {
  recoveryKey: string;
  isSaved: boolean;
  onSavedChange: (isSaved: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();

  const print = () => {
    document.body.classList.add(PRINTING_CLASS);
    window.addEventListener('afterprint', () => document.body.classList.remove(PRINTING_CLASS), { once: true });
    window.print();
  };

  const copy = () =>
    navigator.clipboard.writeText(recoveryKey).then(
      () => toast.success({ title: t('privacy.e2e.copied') }),
      () => toast.error({ title: t('privacy.e2e.copyFailed') }),
    );

  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">{t('privacy.e2e.recoveryTitle')}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.e2e.recoveryIntro')}</p>
      <div className="recovery-key-print flex flex-col gap-2 rounded-lg bg-slate-100 p-4 dark:bg-slate-800">
        <p className="hidden text-sm print:block">{t('privacy.e2e.recoveryPrintTitle')}</p>
        <output
          data-testid="recovery-key"
          aria-label={t('privacy.e2e.recoveryTitle')}
          className="font-mono text-lg tracking-wider break-all"
        >
          {recoveryKey}
        </output>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" onClick={() => void copy()} disabled={disabled}>
          {t('privacy.e2e.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={print} disabled={disabled}>
          {t('privacy.e2e.print')}
        </Button>
      </div>
      <CheckboxField
        label={t('privacy.e2e.saved')}
        checked={isSaved}
        onCheckedChange={onSavedChange}
        disabled={disabled}
      />
    </div>
  );
}
