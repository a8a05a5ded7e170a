import type { Device } from '@clipsync/shared';

/** The device is proved near this one now (its proof has not run out). */
export const isProvedNear = (device: Pick<Device, 'nearUntil'>, now = Date.now()): boolean =>
  Boolean(device.nearUntil && Date.parse(device.nearUntil) > now);

/**
 * Another device that could take part in a direct link now: online, and a browser or installed app (a CLI
 * has no WebRTC).
 */
export const canLinkDirectly = (device: Pick<Device, 'current' | 'online' | 'kind'>): boolean =>
  !device.current && device.online && device.kind !== 'cli';

/**
 * Whether this page can sign a proof at all: WebCrypto (and so a device key) exists only in a secure context
 * (https, or localhost); a page on a plain-http LAN address has none, and offers no proof it would fail.
 */
export const canProveHere = (): boolean => globalThis.crypto?.subtle !== undefined;
