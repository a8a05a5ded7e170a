import { LanPeerName, parseUserAgent, type UserAgentHints } from '@clipsync/shared';

/**
 * A short name for this device as other LAN peers see it: "Chrome on Windows", "Safari on iPhone". Only
 * the browser's family and the system's, never a version, model or anything about the person. The name is
 * data sent to other devices, not this page's text, so it stays in English like the server's default.
 */

export interface BrowserIdentity {
  userAgent: string;
  userAgentData?: UserAgentHints;
  /** iPadOS presents itself as a Mac: only its touch screen tells them apart. */
  maxTouchPoints?: number;
}

/**
 * "Chrome on Windows"; just "Chrome" or "Browser on Linux" when only one is known; undefined when neither
 * is, so the server's own default name ('Nearby device') is the one peers see.
 */
export function describeDevice(identity: BrowserIdentity): string | undefined {
  const { browser, system: named } = parseUserAgent(identity.userAgent, identity.userAgentData);
  const system = named === 'macOS' && (identity.maxTouchPoints ?? 0) > 1 ? 'iPad' : named;
  if (browser && system) return `${browser} on ${system}`;
  if (system) return `Browser on ${system}`;
  return browser;
}

/** This browser's device name, as describeDevice gives it. */
export function currentDeviceName(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const { userAgent, maxTouchPoints } = navigator;
  const { userAgentData } = navigator as Navigator & { userAgentData?: UserAgentHints };
  return describeDevice({ userAgent, userAgentData, maxTouchPoints });
}

/** Short, friendly words that tell two devices of one kind apart ('Chrome on Linux · Otter'). */
const DEVICE_WORDS = [
  'Otter',
  'Falcon',
  'Maple',
  'Comet',
  'Badger',
  'Cedar',
  'Heron',
  'Pebble',
  'Lynx',
  'Willow',
  'Puffin',
  'Ember',
  'Fjord',
  'Koala',
  'Meadow',
  'Orca',
  'Quartz',
  'Robin',
  'Tulip',
  'Zephyr',
] as const;

const DEVICE_NAME_KEY = 'clipsync.lanDeviceName';
/** The longest name peers accept (the server's LAN name rule). */
export const DEVICE_NAME_MAX = 64;

/** A new default name: what the browser is and a random word, so that two alike devices differ. */
export function newDeviceName(identity?: BrowserIdentity, random: () => number = Math.random): string {
  const described = (identity ? describeDevice(identity) : currentDeviceName()) ?? 'Browser';
  const word = DEVICE_WORDS[Math.floor(random() * DEVICE_WORDS.length)] ?? DEVICE_WORDS[0];
  return `${described} · ${word}`.slice(0, DEVICE_NAME_MAX);
}

/** This device's LAN name: the one its user chose or was given before, else a new default kept from now on. */
export function storedDeviceName(): string {
  const saved = localStorage.getItem(DEVICE_NAME_KEY)?.trim();
  if (saved) return saved.slice(0, DEVICE_NAME_MAX);
  const name = newDeviceName();
  localStorage.setItem(DEVICE_NAME_KEY, name);
  return name;
}

/** Keeps a name the user chose and gives it back trimmed; blank or too long it is refused and the one before stays. */
export function saveDeviceName(name: string): string | undefined {
  const parsed = LanPeerName.safeParse(name);
  if (!parsed.success) return undefined;
  localStorage.setItem(DEVICE_NAME_KEY, parsed.data);
  return parsed.data;
}
