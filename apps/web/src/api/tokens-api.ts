import type { CreateTokenRequest, DeviceApprovalRequest } from '@clipsync/shared';
import { call } from './client';
import { deviceEndpoints, tokenEndpoints } from './endpoints';

/** Personal access tokens and device approval; screens reach them through token-queries.ts. */
export const tokensApi = {
  list: () => call(tokenEndpoints.list),
  create: (body: CreateTokenRequest) => call(tokenEndpoints.create, { body }),
  revoke: (id: string) => call(tokenEndpoints.revoke, { params: { id } }),
  lookUpDevice: (userCode: string) => call(deviceEndpoints.lookup, { body: { userCode } }),
  approveDevice: (body: DeviceApprovalRequest) => call(deviceEndpoints.approve, { body }),
  denyDevice: (userCode: string) => call(deviceEndpoints.deny, { body: { userCode } }),
};
