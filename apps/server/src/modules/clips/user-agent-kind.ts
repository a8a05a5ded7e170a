import type { ClipBrowserKind, ClipDeviceKind } from '@clipsync/shared';

/**
 * What the owner's view log says of a viewer's user agent: a coarse device and browser, nothing that tells
 * one person from another. Link previews (chat apps fetching the link) read as "bot"; that is a label
 * for the log only, never a rule: no read spends a view, whoever sends it (docs/security.md, private shares).
 */
export interface UserAgentKind {
  device: ClipDeviceKind;
  browser: ClipBrowserKind;
}

const BOT =
  /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|facebookcatalog|embedly|preview|whatsapp\/|skypeuripreview|curl\/|wget\/|python-requests|go-http-client|headlesschrome/i;
const TABLET = /ipad|tablet|kindle|silk\/|playbook|android(?!.*mobile)/i;
const PHONE = /mobi|iphone|ipod|windows phone|android.*mobile/i;

function browserOf(userAgent: string): ClipBrowserKind {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/\bOPR\/|\bOpera\b|SamsungBrowser\/|YaBrowser\//.test(userAgent)) return 'other';
  if (/\bFirefox\/|\bFxiOS\//.test(userAgent)) return 'Firefox';
  if (/\bChrome\/|\bCriOS\//.test(userAgent)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(userAgent)) return 'Safari';
  return 'other';
}

export function userAgentKind(userAgent: string | undefined): UserAgentKind {
  const agent = userAgent ?? '';
  if (agent.trim() === '' || BOT.test(agent)) return { device: 'bot', browser: 'other' };
  const device: ClipDeviceKind = TABLET.test(agent) ? 'tablet' : PHONE.test(agent) ? 'phone' : 'desktop';
  return { device, browser: browserOf(agent) };
}
