import { call } from './client';
import { networkEndpoints } from './endpoints';

/** The server's view of its own network; screens reach it through network-queries.ts. */
export const networkApi = {
  shareOrigins: () => call(networkEndpoints.shareOrigins),
};
