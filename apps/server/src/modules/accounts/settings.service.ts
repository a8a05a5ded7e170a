import {
  RegistrationEmailDomains,
  RegistrationMode,
  type UpdateAdminSettingsRequest,
  type AdminSettings,
  type RegistrationRules,
} from '@clipsync/shared';
import { inArray, sql } from 'drizzle-orm';
import type { RegistrationConfig } from '../../config/registration-config';
import type { Database } from '../../db/client';
import { serverSettings } from '../../db/schema';
import { requireSignedIn, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { effectiveSettingsOf, type ConsoleRegistration } from './settings.effective';

/** The console's rows, each parsed with the schema of what it holds. */
const SETTINGS = {
  mode: { key: 'registration.mode', schema: RegistrationMode, variable: 'REGISTRATION' },
  emailDomains: {
    key: 'registration.emailDomains',
    schema: RegistrationEmailDomains,
    variable: 'REGISTRATION_EMAIL_DOMAINS',
  },
} as const;

/**
 * Read from the database at every call, not cached: it is one primary-key read, a sign-up spends far more on
 * hashing its password, and every node then obeys a change the moment it is saved, with nothing to invalidate.
 */
async function readConsoleRegistration(db: Database): Promise<ConsoleRegistration> {
  const rows = await db
    .select({ key: serverSettings.key, value: serverSettings.value })
    .from(serverSettings)
    .where(inArray(serverSettings.key, [SETTINGS.mode.key, SETTINGS.emailDomains.key]));
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  // A row that no longer parses (written by another version) is as if the console had never set it.
  const mode = SETTINGS.mode.schema.safeParse(valueOf(SETTINGS.mode.key));
  const emailDomains = SETTINGS.emailDomains.schema.safeParse(valueOf(SETTINGS.emailDomains.key));
  return {
    ...(mode.success ? { mode: mode.data } : {}),
    ...(emailDomains.success ? { emailDomains: emailDomains.data } : {}),
  };
}

export async function readAdminSettings(db: Database, environment: RegistrationConfig): Promise<AdminSettings> {
  return effectiveSettingsOf(environment, await readConsoleRegistration(db));
}

/** Who may sign up now, whatever set it: what the sign-up rule obeys and the sign-up page is told. */
export async function effectiveRegistration(db: Database, environment: RegistrationConfig): Promise<RegistrationRules> {
  const { mode, emailDomains } = await readAdminSettings(db, environment);
  return { mode: mode.value, emailDomains: emailDomains.value };
}

/**
 * Saves what the console changed. A setting the environment sets is refused as a whole request (409), so an
 * admin is never told a change was saved that the server would not obey.
 */
export async function updateAdminSettings(
  db: Database,
  environment: RegistrationConfig,
  actor: Actor,
  input: UpdateAdminSettingsRequest,
): Promise<AdminSettings> {
  const { userId } = requireSignedIn(actor);
  const changes = (['mode', 'emailDomains'] as const).flatMap((name) => {
    const value = input[name];
    if (value === undefined) return [];
    if (environment[name] !== undefined) {
      throw new AppError(
        'SETTING_FROM_ENVIRONMENT',
        `${SETTINGS[name].variable} is set in the server's environment, which wins over the console: change it there`,
      );
    }
    return [{ key: SETTINGS[name].key, value, updatedBy: userId }];
  });
  if (changes.length > 0) {
    await db
      .insert(serverSettings)
      .values(changes)
      .onConflictDoUpdate({
        target: serverSettings.key,
        set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
      });
  }
  return readAdminSettings(db, environment);
}
