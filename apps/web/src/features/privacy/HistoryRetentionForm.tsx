import type { HistoryRetentionDays, HistoryRetentionSettings } from '@clipsync/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateHistoryRetention } from '../../api/history-retention-queries';
import { Button } from '../../ui/Button';
import { CheckboxField } from '../../ui/CheckboxField';
import { FormError } from '../../ui/FormError';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/use-toast';

/** The select's values: a choice of days as text, `forever` for none. */
const CHOICES = [
  { value: 'forever', days: null, label: 'privacy.history.choices.forever' },
  { value: '30', days: 30, label: 'privacy.history.choices.days30' },
  { value: '7', days: 7, label: 'privacy.history.choices.days7' },
  { value: '1', days: 1, label: 'privacy.history.choices.days1' },
] as const satisfies readonly { value: string; days: HistoryRetentionDays; label: string }[];
type ChoiceValue = (typeof CHOICES)[number]['value'];

const valueOf = (days: HistoryRetentionDays): ChoiceValue =>
  CHOICES.find((choice) => choice.days === days)?.value ?? 'forever';
const daysOf = (value: ChoiceValue): HistoryRetentionDays =>
  CHOICES.find((choice) => choice.value === value)?.days ?? null;

/**
 * "Keep my history for" and "Also favorites", saved together; the operator's cap, when there is one, is said
 * beside them (the shorter of the two applies).
 */
export function HistoryRetentionForm({ settings }: { settings: HistoryRetentionSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateHistoryRetention();
  const [choice, setChoice] = useState<ChoiceValue>(valueOf(settings.days));
  const [includeFavorites, setIncludeFavorites] = useState(settings.includeFavorites);
  const [failure, setFailure] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    update.mutate(
      { days: daysOf(choice), includeFavorites },
      {
        onSuccess: () => toast.success({ title: t('privacy.history.saved') }),
        onError: (error) => setFailure(`${t('privacy.history.saveFailed')} ${error.message}`.trim()),
      },
    );
  };

  return (
    <form
      onSubmit={save}
      aria-labelledby="privacy-history"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="privacy-history" className="text-lg font-semibold">
        {t('privacy.history.title')}
      </h2>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('privacy.history.keepFor')}</span>
        <Select
          label={t('privacy.history.keepFor')}
          value={choice}
          onValueChange={setChoice}
          options={CHOICES.map((option) => ({ value: option.value, label: t(option.label) }))}
          className="w-48"
        />
      </div>
      <CheckboxField
        label={t('privacy.history.alsoFavorites')}
        hint={t('privacy.history.alsoFavoritesHint')}
        checked={includeFavorites}
        onCheckedChange={setIncludeFavorites}
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('privacy.history.hint')}</p>
      {settings.serverCapDays !== null && (
        <p
          data-testid="history-cap"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {t('privacy.history.capNote', { count: settings.serverCapDays })}
        </p>
      )}
      <FormError message={failure} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {t('privacy.history.save')}
        </Button>
      </div>
    </form>
  );
}
