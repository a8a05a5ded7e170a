import { REGISTRATION_MODES, type AdminSettings, type RegistrationMode } from '@clipsync/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateAdminSettings } from '../../../api/admin-overview-queries';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';
import { useToast } from '../../../ui/use-toast';
import { SettingSourceNote } from './SettingSourceNote';

const domainsOf = (typed: string) =>
  typed
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/** The sign-up mode and domains; a setting the environment sets is shown greyed with the environment's words. */
export function RegistrationForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateAdminSettings();
  const [mode, setMode] = useState<RegistrationMode>(settings.mode.value);
  const [domains, setDomains] = useState(settings.emailDomains.value.join(', '));
  const domainsId = useId();
  const isEditable = settings.mode.editable || settings.emailDomains.editable;

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        ...(settings.mode.editable ? { mode } : {}),
        ...(settings.emailDomains.editable ? { emailDomains: domainsOf(domains) } : {}),
      },
      {
        onSuccess: () => toast.success({ title: t('adminOverview.settings.saved') }),
        onError: (error) => toast.error({ title: t('adminOverview.settings.saveFailed'), description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={save} className="mt-6 flex flex-col gap-8">
      <fieldset disabled={!settings.mode.editable} className="disabled:opacity-60">
        <legend className="text-lg font-semibold">{t('adminOverview.settings.mode')}</legend>
        <SettingSourceNote source={settings.mode.source} variable="REGISTRATION" />
        <div className="mt-3 flex flex-col gap-2">
          {REGISTRATION_MODES.map((choice) => (
            <label key={choice} className="flex items-start gap-3">
              <input
                type="radio"
                name="registration-mode"
                value={choice}
                checked={mode === choice}
                onChange={() => setMode(choice)}
                className="mt-1 h-4 w-4 accent-indigo-600"
              />
              <span>
                <span className="font-medium">{t(`adminOverview.settings.modes.${choice}`)}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {t(`adminOverview.settings.modeHints.${choice}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!settings.emailDomains.editable} className="disabled:opacity-60">
        <legend className="text-lg font-semibold">{t('adminOverview.settings.domains')}</legend>
        <SettingSourceNote source={settings.emailDomains.source} variable="REGISTRATION_EMAIL_DOMAINS" />
        <label htmlFor={domainsId} className="mt-3 block text-sm font-medium">
          {t('adminOverview.settings.domainsLabel')}
        </label>
        <Input
          id={domainsId}
          value={domains}
          onChange={(event) => setDomains(event.target.value)}
          placeholder="example.com, example.org"
          className="mt-1"
        />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('adminOverview.settings.domainsHint')}</p>
      </fieldset>
      {isEditable && (
        <div>
          <Button type="submit" disabled={update.isPending}>
            {t('adminOverview.settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
