import { SsoRefusalCode } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { StatusCard } from '../../ui/StatusCard';

/**
 * Why the provider's sign-in was refused, in words: each code of the callback has its sentence, shown with
 * the page's first paint (the code says all, so nothing is waited for).
 */
export default function SsoErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = SsoRefusalCode.safeParse(params.get('code'));
  return (
    <StatusCard
      tone="error"
      title={t('sso.failedTitle')}
      message={code.success ? t(`sso.refusals.${code.data}`) : t('sso.refusals.unknown')}
    >
      <Button asChild>
        <Link to="/auth">{t('sso.backToSignIn')}</Link>
      </Button>
    </StatusCard>
  );
}
