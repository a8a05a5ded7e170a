import { SECURITY_EVENT_ACTIONS, type AuditFilters } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECURITY_EVENT_LABEL_KEYS } from '../../../lib/security-event-labels';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
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

/**
 * The log's filters: action (a security event or an admin call's name), actor, account, and a range of days.
 * On a phone they fold away behind "Show filters", so the entries are what the page opens on.
 */
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
  const [isUnfolded, setIsUnfolded] = useState(false);
  const label = 'flex flex-col gap-1 text-sm font-medium';
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="mb-3 sm:hidden"
        aria-expanded={isUnfolded}
        aria-controls="audit-filters"
        onClick={() => setIsUnfolded(!isUnfolded)}
      >
        {t(isUnfolded ? 'audit.hideFilters' : 'audit.showFilters')}
      </Button>
      <form
        id="audit-filters"
        aria-label={t('audit.filters')}
        onSubmit={submit}
        className={cn(isUnfolded ? 'grid' : 'hidden', 'gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-3')}
      >
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
    </>
  );
}
