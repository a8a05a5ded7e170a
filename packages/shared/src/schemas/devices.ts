import { z } from 'zod';
import { text } from './text';
import { DEVICE_NAME_MAX } from '../limits';
import { ResourceId } from './clips';

/**
 * An account's devices: every signed-in browser and installed app that registered itself, and every CLI
 * signed in by a device sign-in. (`device.ts` is the sign-in itself, RFC 8628.)
 */
export const DEVICE_KINDS = ['browser', 'app', 'cli'] as const;
export const DeviceKind = z.enum(DEVICE_KINDS);
export type DeviceKind = z.infer<typeof DeviceKind>;

/** 1–64 characters once trimmed ("Chrome on Android", "work laptop"). */
export const DeviceName = text().trim().min(1).max(DEVICE_NAME_MAX);

/**
 * A name as a person (and `clipsync send --to`) reads it, for telling names apart: trimmed, case and width of
 * the same letter alike, so "Laptop" and "laptop " are one name. The server keeps device and LAN names unique
 * by it; pickers find namesakes left from before by it.
 */
export const nameKey = (name: string): string => name.trim().normalize('NFKC').toLocaleLowerCase('en');

/**
 * `POST /api/devices`: a signed-in browser or installed app registers itself. A CLI is registered by its
 * device sign-in, so `cli` is not asked for here.
 */
export const RegisterDeviceRequest = z.object({ name: DeviceName, kind: z.enum(['browser', 'app']) });
export type RegisterDeviceRequest = z.infer<typeof RegisterDeviceRequest>;

/**
 * What a device does with a send addressed to it (docs/api.md#device-sends): `ask` (the default) shows it and
 * lets the person choose, `accept` puts it into the OS clipboard at once (a CLI or installed app only: a
 * browser tab cannot write the clipboard unasked), `off` refuses sends (409 `DEVICE_NOT_RECEIVING`).
 */
export const RECEIVE_POLICIES = ['ask', 'accept', 'off'] as const;
export const ReceivePolicy = z.enum(RECEIVE_POLICIES);
export type ReceivePolicy = z.infer<typeof ReceivePolicy>;
/** The kinds that may take `accept`; `PATCH` refuses it for a browser (400). */
export const ACCEPTING_DEVICE_KINDS: readonly DeviceKind[] = ['cli', 'app'];
export const canAcceptInto = (kind: DeviceKind): boolean => ACCEPTING_DEVICE_KINDS.includes(kind);

/** `PATCH /api/devices/{id}`: a new name, a new receive policy, or both. */
export const UpdateDeviceRequest = z
  .object({ name: DeviceName.optional(), receivePolicy: ReceivePolicy.optional() })
  .refine((body) => body.name !== undefined || body.receivePolicy !== undefined, 'Nothing to update');
export type UpdateDeviceRequest = z.infer<typeof UpdateDeviceRequest>;

export const DeviceIdParams = z.object({ id: ResourceId });
export type DeviceIdParams = z.infer<typeof DeviceIdParams>;

export const Device = z.object({
  id: ResourceId,
  name: z.string(),
  kind: DeviceKind,
  createdAt: z.string(),
  /** When its socket last connected or closed, or it last called the API (written at most once a minute). */
  lastSeenAt: z.string(),
  /** A socket of the device is open now, on any node. */
  online: z.boolean(),
  /** The caller's own device. */
  current: z.boolean(),
  /** What it does with a send addressed to it. */
  receivePolicy: ReceivePolicy,
  /**
   * Until when this device is proved near the calling device (ISO), or null: never proved, expired, or the
   * calling device itself (decision 030). The server always answers it; optional only for older clients' fixtures.
   */
  nearUntil: z.string().nullable().optional(),
  /** It registered a public key, so it can take part in a nearness proof (always answered, as `nearUntil`). */
  hasKey: z.boolean().optional(),
});
export type Device = z.infer<typeof Device>;

export const DeviceList = z.object({ devices: z.array(Device) });
export type DeviceList = z.infer<typeof DeviceList>;
