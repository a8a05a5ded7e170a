import { NETWORK_ENDPOINTS } from '@clipsync/shared';
import { call } from './client';

/** The server's view of its own network; screens reach it through network-queries.ts. */
export const networkApi = {
  shareOrigins: () => call(NETWORK_ENDPOINTS.shareOrigins),
};
