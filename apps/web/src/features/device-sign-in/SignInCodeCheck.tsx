import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/**
 * The step a link's `?code=` leads to (RFC 8628 §5.4): the code, large, and whether the device being signed
 * in shows it. A link alone never gets as far as the request, let alone its approval: whoever sends it
 * cannot also make the person's own device show that code.
 */
export function SignInCodeCheck({
  code,
  isRefusing,
  onConfirm,
  onRefuse,
}: {
  code: string;
  isRefusing: boolean;
  onConfirm: () => void;
  onRefuse: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="device-check"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="device-check" className="font-semibold">
        {t('deviceSignIn.check.title')}
      </h2>
      <p className="text-center font-mono text-4xl font-bold tracking-widest text-slate-900 dark:text-slate-100">
        {code}
      </p>
      <p className="font-medium">{t('deviceSignIn.check.question')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('deviceSignIn.check.hint')}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onConfirm} disabled={isRefusing}>
          {t('deviceSignIn.check.yes')}
        </Button>
        <Button variant="secondary" onClick={onRefuse} disabled={isRefusing}>
          {t('deviceSignIn.check.no')}
        </Button>
      </div>
    </section>
  );
}
