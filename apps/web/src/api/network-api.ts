import type { ShareOriginsResponse } from '@clipsync/shared';
import { apiRequest } from './client';

/** The server's view of its own network; screens reach it through network-queries.ts. */
export const networkApi = {
  shareOrigins: () => apiRequest<ShareOriginsResponse>('/network/share-origins'),
};
