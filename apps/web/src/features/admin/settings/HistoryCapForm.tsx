import { HISTORY_RETENTION_CAP_MAX, type AdminSettings } from '@clipsync/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAdminSettings } from '../../../api/admin-overview-queries';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';
import { SettingSourceNote } from './SettingSourceNote';

/** The most days any account's history is kept (CLIP_RETENTION_DAYS): empty for no limit. */
export function HistoryCapForm({ setting }: { setting: AdminSettings['clipRetentionDays'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateAdminSettings();
  const [days, setDays] = useState(setting.value === null ? '' : String(setting.value));
  const inputId = useId();
  const hintId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { clipRetentionDays: days.trim() === '' ? null : Number(days) },
      {
        onSuccess: () => toast.success({ title: t('adminOverview.settings.saved') }),
        onError: (error) => toast.error({ title: t('adminOverview.settings.saveFailed'), description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={save} className="mt-8">
      <fieldset disabled={!setting.editable} className="disabled:opacity-60">
        <legend className="text-lg font-semibold">{t('adminOverview.settings.historyCap.title')}</legend>
        <SettingSourceNote source={setting.source} variable="CLIP_RETENTION_DAYS" />
        <label htmlFor={inputId} className="mt-3 block text-sm font-medium">
          {t('adminOverview.settings.historyCap.label')}
        </label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={HISTORY_RETENTION_CAP_MAX}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          aria-describedby={hintId}
          className="mt-1 w-40"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t('adminOverview.settings.historyCap.hint')}
        </p>
      </fieldset>
      {setting.editable && (
        <Button type="submit" className="mt-4" disabled={update.isPending}>
          {t('adminOverview.settings.historyCap.save')}
        </Button>
      )}
    </form>
  );
}
