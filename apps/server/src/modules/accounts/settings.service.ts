import {
  HistoryRetentionCap,
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
import {
  effectiveRegistrationOf,
  effectiveSettingsOf,
  type ConsoleEnvironment,
  type ConsoleSettings,
} from './settings.effective';

/** The console's rows, each parsed with the schema of what it holds. */
const SETTINGS = {
  mode: { key: 'registration.mode', schema: RegistrationMode, variable: 'REGISTRATION' },
  emailDomains: {
    key: 'registration.emailDomains',
    schema: RegistrationEmailDomains,
    variable: 'REGISTRATION_EMAIL_DOMAINS',
  },
  clipRetentionDays: { key: 'history.retentionCapDays', schema: HistoryRetentionCap, variable: 'CLIP_RETENTION_DAYS' },
} as const;
type SettingName = keyof typeof SETTINGS;

/**
 * Read from the database at every call, not cached: it is one primary-key read, a sign-up spends far more on
 * hashing its password, and every node then obeys a change the moment it is saved, with nothing to invalidate.
 */
async function readConsoleSettings(db: Database, names: readonly SettingName[]): Promise<ConsoleSettings> {
  const rows = await db
    .select({ key: serverSettings.key, value: serverSettings.value })
    .from(serverSettings)
    .where(
      inArray(
        serverSettings.key,
        names.map((name) => SETTINGS[name].key),
      ),
    );
  const settings: Record<string, unknown> = {};
  for (const name of names) {
    // A row that no longer parses (written by another version) is as if the console had never set it.
    const parsed = SETTINGS[name].schema.safeParse(rows.find((row) => row.key === SETTINGS[name].key)?.value);
    if (parsed.success) settings[name] = parsed.data;
  }
  return settings as ConsoleSettings;
}

const ALL_SETTINGS = Object.keys(SETTINGS) as SettingName[];

export async function readAdminSettings(db: Database, environment: ConsoleEnvironment): Promise<AdminSettings> {
  return effectiveSettingsOf(environment, await readConsoleSettings(db, ALL_SETTINGS));
}

/** Who may sign up now, whatever set it: what the sign-up rule obeys and the sign-up page is told. */
export async function effectiveRegistration(db: Database, environment: RegistrationConfig): Promise<RegistrationRules> {
  const { mode, emailDomains } = effectiveRegistrationOf(
    environment,
    await readConsoleSettings(db, ['mode', 'emailDomains']),
  );
  return { mode: mode.value, emailDomains: emailDomains.value };
}

/** The most days any history is kept (CLIP_RETENTION_DAYS, else the console's), null when neither caps it. */
export async function effectiveHistoryCap(db: Database, environment: number | undefined): Promise<number | null> {
  if (environment !== undefined) return environment;
  return (await readConsoleSettings(db, ['clipRetentionDays'])).clipRetentionDays ?? null;
}

/**
 * Saves what the console changed. A setting the environment sets is refused as a whole request (409), so an
 * admin is never told a change was saved that the server would not obey. A null cap removes the console's.
 */
export async function updateAdminSettings(
  db: Database,
  environment: ConsoleEnvironment,
  actor: Actor,
  input: UpdateAdminSettingsRequest,
): Promise<AdminSettings> {
  const { userId } = requireSignedIn(actor);
  const fromEnvironment = {
    ...environment.registration,
    clipRetentionDays: environment.clipRetentionDays,
  };
  const changes = ALL_SETTINGS.flatMap((name) => {
    const value = input[name];
    if (value === undefined) return [];
    if (fromEnvironment[name] !== undefined) {
      throw new AppError(
        'SETTING_FROM_ENVIRONMENT',
        `${SETTINGS[name].variable} is set in the server's environment, which wins over the console: change it there`,
      );
    }
    return [{ key: SETTINGS[name].key, value, updatedBy: userId }];
  });
  const removed = changes.filter((change) => change.value === null).map((change) => change.key);
  const saved = changes.filter((change) => change.value !== null);
  if (removed.length > 0) await db.delete(serverSettings).where(inArray(serverSettings.key, removed));
  if (saved.length > 0) {
    await db
      .insert(serverSettings)
      .values(saved)
      .onConflictDoUpdate({
        target: serverSettings.key,
        set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
      });
  }
  return readAdminSettings(db, environment);
}
