import { SsoRefusalCode } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { SsoCard } from './SsoCard';

/**
 * Why the provider's sign-in was refused, in words: each code of the callback has its sentence, shown with
 * the page's first paint (the code says all, so nothing is waited for).
 */
export default function SsoErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = SsoRefusalCode.safeParse(params.get('code'));
  return (
    <SsoCard tone="error" title={t('sso.failedTitle')}>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {code.success ? t(`sso.refusals.${code.data}`) : t('sso.refusals.unknown')}
      </p>
      <Button asChild className="mt-6">
        <Link to="/auth">{t('sso.backToSignIn')}</Link>
      </Button>
    </SsoCard>
  );
}
