import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "Nearby · verified", with which device. */
export function NearVerified({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-start gap-3">
      <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" />
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-semibold">{t('devices.nearQr.verified')}</span>
        <span>{t('devices.nearQr.verifiedBody', { name })}</span>
      </div>
    </div>
  );
}
