import type { PushPreferences, PushSettings } from '@clipsync/shared';
import type { pushPreferences } from '../../db/schema';

type PreferencesRow = typeof pushPreferences.$inferSelect;

/** A device that never chose: sends and sign-ins on, the rest off, no text on the lock screen. */
export const DEFAULT_PUSH_PREFERENCES: Omit<PushPreferences, 'rooms'> = {
  sends: true,
  signIns: true,
  shareViews: false,
  showText: false,
};

export function presentPreferences(row: PreferencesRow | undefined, rooms: string[]): PushPreferences {
  const chosen = row
    ? { sends: row.sends, signIns: row.signIns, shareViews: row.shareViews, showText: row.showText }
    : DEFAULT_PUSH_PREFERENCES;
  return { ...chosen, rooms };
}

export function presentPushSettings(
  publicKey: string,
  subscribed: boolean,
  preferences: PushPreferences,
): PushSettings {
  return { publicKey, subscribed, preferences };
}
