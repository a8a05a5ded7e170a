import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';

/** The way on after a success: Go to Login, or Back to Home (e-mail confirmation and password reset). */
export function GoToLoginActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button asChild>
        <Link to="/auth?mode=login">{t('confirm.goToLogin')}</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to="/">{t('auth.backHome')}</Link>
      </Button>
    </>
  );
}
