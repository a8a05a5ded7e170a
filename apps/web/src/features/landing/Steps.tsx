import { useTranslation } from 'react-i18next';
import { SectionHeading } from './SectionHeading';

const STEPS = ['register', 'create', 'share', 'collaborate'] as const;

export function Steps() {
  const { t } = useTranslation();
  return (
    <section id="how-it-works" className="bg-slate-50 py-20 dark:bg-slate-900/50">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('steps.title')} subtitle={t('steps.subtitle')} />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step} className="relative rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 font-bold text-white dark:bg-indigo-400 dark:text-slate-950">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{t(`steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
