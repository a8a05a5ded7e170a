import { useTranslation } from 'react-i18next';

export function SharedClipTitle() {
  const { t } = useTranslation();
  return <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{t('editor.sharedTitle')}</h1>;
}
