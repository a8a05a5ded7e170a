import type { AdminSettings, RegistrationMode, RegistrationRules, SettingSource } from '@clipsync/shared';
import type { RegistrationConfig } from '../../config/registration-config';

/** What an instance with no settings does: anyone may sign up, at any address. */
export const DEFAULT_REGISTRATION: RegistrationRules = { mode: 'open', emailDomains: [] };

/** What an admin set in the console; a setting never set there is absent. */
export interface ConsoleRegistration {
  mode?: RegistrationMode;
  emailDomains?: string[];
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
export function effectiveSettingsOf(environment: RegistrationConfig, console: ConsoleRegistration): AdminSettings {
  return {
    mode: settingOf(environment.mode, console.mode, DEFAULT_REGISTRATION.mode),
    emailDomains: settingOf(environment.emailDomains, console.emailDomains, DEFAULT_REGISTRATION.emailDomains),
  };
}
