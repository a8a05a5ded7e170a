import { FileUp, LayoutGrid, QrCode, RefreshCw, Users, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

const FEATURES: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'sync', icon: RefreshCw },
  { key: 'share', icon: QrCode },
  { key: 'live', icon: Zap },
  { key: 'files', icon: FileUp },
  { key: 'rooms', icon: Users },
  { key: 'desktop', icon: LayoutGrid },
];

export function Features() {
  const { t } = useTranslation();
  return (
    <section id="features" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('features.title')} subtitle={t('features.subtitle')} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
