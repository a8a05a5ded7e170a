import { SECURITY_EVENT_ACTIONS, type AuditFilters } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECURITY_EVENT_LABEL_KEYS } from '../../../lib/security-event-labels';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';

const FIELDS = ['action', 'actor', 'subject', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

/** Empty fields are no filter: only what was typed is sent. */
function filtersOf(values: Record<Field, string>): AuditFilters {
  return Object.fromEntries(FIELDS.filter((name) => values[name].trim()).map((name) => [name, values[name].trim()]));
}

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onApply(filters: AuditFilters): void;
}

/** The log's filters: action (a security event or an admin call's name), actor, account, and a range of days. */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    action: filters.action ?? '',
    actor: filters.actor ?? '',
    subject: filters.subject ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const set = (name: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filtersOf(values));
  };
  const label = 'flex flex-col gap-1 text-sm font-medium';
  return (
    <form aria-label={t('audit.filters')} onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <label className={label}>
        {t('audit.action')}
        <Input value={values.action} onChange={set('action')} list="audit-actions" placeholder="token.created" />
        <datalist id="audit-actions">
          {SECURITY_EVENT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(SECURITY_EVENT_LABEL_KEYS[action])}
            </option>
          ))}
        </datalist>
      </label>
      <label className={label}>
        {t('audit.actor')}
        <Input value={values.actor} onChange={set('actor')} placeholder="admin@example.com" />
      </label>
      <label className={label}>
        {t('audit.subject')}
        <Input value={values.subject} onChange={set('subject')} />
      </label>
      <label className={label}>
        {t('audit.from')}
        <Input type="date" value={values.from} onChange={set('from')} />
      </label>
      <label className={label}>
        {t('audit.to')}
        <Input type="date" value={values.to} onChange={set('to')} />
      </label>
      <div className="flex items-end">
        <Button type="submit">{t('audit.apply')}</Button>
      </div>
    </form>
  );
}
