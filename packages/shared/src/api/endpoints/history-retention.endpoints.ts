import { HistoryRetention, HistoryRetentionSettings } from '../../schemas/history-retention';
import { defineEndpoints } from '../endpoint';

/**
 * The caller's own "Keep my history for" (Settings → Privacy). A token reads it with `clips:read` and changes it
 * with `clips:write`: one that may delete clips may as well choose when they go.
 */
export const HISTORY_RETENTION_ENDPOINTS = defineEndpoints({
  get: {
    method: 'GET',
    scope: 'clips:read',
    path: '/account/history-retention',
    response: HistoryRetentionSettings,
  },
  update: {
    method: 'PUT',
    scope: 'clips:write',
    path: '/account/history-retention',
    body: HistoryRetention,
    response: HistoryRetentionSettings,
  },
});
