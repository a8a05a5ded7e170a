import type { HistoryRetention, HistoryRetentionSettings } from '@clipsync/shared';
import { effectiveRetentionDays } from './history-retention.rules';

/** The user's choice with the operator's cap beside it, and what applies of the two. */
export function toHistoryRetentionSettings(choice: HistoryRetention, cap: number | null): HistoryRetentionSettings {
  return { ...choice, serverCapDays: cap, effectiveDays: effectiveRetentionDays(choice.days, cap) };
}
