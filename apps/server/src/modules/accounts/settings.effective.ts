import type { AdminSettings, RegistrationMode, RegistrationRules, SettingSource } from '@clipsync/shared';
import type { RegistrationConfig } from '../../config/registration-config';

/** What an instance with no settings does: anyone may sign up, at any address. */
export const DEFAULT_REGISTRATION: RegistrationRules = { mode: 'open', emailDomains: [] };

/** What the environment sets of the console's settings; a variable left unset is undefined. */
export interface ConsoleEnvironment {
  registration: RegistrationConfig;
  /** CLIP_RETENTION_DAYS. */
  clipRetentionDays: number | undefined;
}

/** What an admin set in the console; a setting never set there is absent. */
export interface ConsoleRegistration {
  mode?: RegistrationMode;
  emailDomains?: string[];
}

/** The console's settings, sign-ups and the cap on every history (absent: never set, or set back to none). */
export interface ConsoleSettings extends ConsoleRegistration {
  clipRetentionDays?: number;
}

function settingOf<T>(environment: T | undefined, console: T | undefined, fallback: T) {
  const [value, source]: [T, SettingSource] =
    environment !== undefined
      ? [environment, 'environment']
      : console !== undefined
        ? [console, 'console']
        : [fallback, 'default'];
  return { value, source, editable: source !== 'environment' };
}

/** Each sign-up setting is the environment's when it sets one (it wins), else the console's, else the default. */
export function effectiveRegistrationOf(
  environment: RegistrationConfig,
  console: ConsoleRegistration,
): Pick<AdminSettings, 'mode' | 'emailDomains'> {
  return {
    mode: settingOf(environment.mode, console.mode, DEFAULT_REGISTRATION.mode),
    emailDomains: settingOf(environment.emailDomains, console.emailDomains, DEFAULT_REGISTRATION.emailDomains),
  };
}

/**
 * Every console setting by the same rule: the environment wins, else the console, else the default. The history
 * cap follows it too (an operator who sets CLIP_RETENTION_DAYS decides it there, as for sign-ups), so the console
 * never shows a number the server does not obey; none set, histories are kept as their owners chose (null).
 */
export function effectiveSettingsOf(environment: ConsoleEnvironment, console: ConsoleSettings): AdminSettings {
  return {
    ...effectiveRegistrationOf(environment.registration, console),
    clipRetentionDays: settingOf<number | null>(environment.clipRetentionDays, console.clipRetentionDays, null),
  };
}
