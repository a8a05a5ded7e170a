import type { CreateTokenRequest, DeviceSignInApprovalRequest } from '@clipsync/shared';
import { call } from './client';
import { deviceSignInEndpoints, tokenEndpoints } from './endpoints';

/** Personal access tokens and device approval; screens reach them through token-queries.ts. */
export const tokensApi = {
  list: () => call(tokenEndpoints.list),
  create: (body: CreateTokenRequest) => call(tokenEndpoints.create, { body }),
  revoke: (id: string) => call(tokenEndpoints.revoke, { params: { id } }),
  lookUpDevice: (userCode: string) => call(deviceSignInEndpoints.lookup, { body: { userCode } }),
  approveDevice: (body: DeviceSignInApprovalRequest) => call(deviceSignInEndpoints.approve, { body }),
  denyDevice: (userCode: string) => call(deviceSignInEndpoints.deny, { body: { userCode } }),
};
