import { ShareOriginsResponse } from '../../schemas/network';
import { defineEndpoints } from '../endpoint';

/** This machine's network origins for share links: loopback callers without PUBLIC_URL only. */
export const NETWORK_ENDPOINTS = defineEndpoints({
  shareOrigins: { method: 'GET', path: '/network/share-origins', response: ShareOriginsResponse },
});
