import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';

/** Pages outside the signed-in shell (auth, shared clip, desktop, confirmation) until their issues land. */
export function StandalonePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="min-h-screen">
      <div className="mx-auto max-w-5xl px-4 pt-6">
        <Link to="/" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {t('auth.backHome')}
        </Link>
      </div>
      <PlaceholderPage titleKey={titleKey} />
    </main>
  );
}
