import type { CreateDeviceSendRequest, RegisterDeviceRequest, UpdateDeviceRequest } from '@clipsync/shared';
import { call } from './client';
import { accountDeviceEndpoints, deviceSendEndpoints } from './endpoints';

/** The account's devices and the sends between them; screens reach them through device-queries.ts. */
export const devicesApi = {
  list: () => call(accountDeviceEndpoints.list),
  register: (body: RegisterDeviceRequest) => call(accountDeviceEndpoints.register, { body }),
  update: (id: string, body: UpdateDeviceRequest) => call(accountDeviceEndpoints.update, { params: { id }, body }),
  remove: (id: string) => call(accountDeviceEndpoints.remove, { params: { id } }),
  send: (body: CreateDeviceSendRequest) => call(deviceSendEndpoints.create, { body }),
  pending: () => call(deviceSendEndpoints.pending),
  /** The HTTP twin of `device:send-ack`, for a send pulled while the socket is not connected. */
  ack: (id: string) => call(deviceSendEndpoints.ack, { params: { id } }),
};
