import { useTranslation } from 'react-i18next';
import { PlanPicker } from '../../components/PlanPicker';
import { SectionHeading } from './SectionHeading';

export function Pricing() {
  const { t } = useTranslation();
  return (
    <section id="pricing" className="py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading title={t('pricing.title')} subtitle={t('pricing.subtitle')} />
        <PlanPicker />
      </div>
    </section>
  );
}
