import { CLIP_ENDPOINTS } from '@clipsync/shared';
import type { HistorySealingCalls } from '../lib/clipboard-key/history-sealing';
import { call, sendForm } from './client';
import { clipsApi } from './clips-api';

/**
 * The calls sealing or unsealing the history goes through (lib/clipboard-key/history-sealing.ts): the clips
 * still to do, listed by the server (so a closed tab resumes where it stopped), a file's bytes, and the form.
 */
export const historySealingCalls: HistorySealingCalls = {
  list: (sealed, limit) => call(CLIP_ENDPOINTS.history, { query: { sealed: sealed ? 'true' : 'false', limit } }),
  readFile: (url) => clipsApi.readFile(url),
  seal: (id, form) => sendForm(CLIP_ENDPOINTS.seal, { params: { id }, form }),
  unseal: (id, form) => sendForm(CLIP_ENDPOINTS.unseal, { params: { id }, form }),
};
