import { parseUserAgent, type ClipBrowserKind, type ClipDeviceKind } from '@clipsync/shared';

/**
 * What the owner's view log says of a viewer's user agent: a coarse device and browser, nothing that tells
 * one person from another. Link previews (chat apps fetching the link) read as "bot"; that is a label
 * for the log only, never a rule: no read spends a view, whoever sends it (docs/security.md, private shares).
 */
export interface UserAgentKind {
  device: ClipDeviceKind;
  browser: ClipBrowserKind;
}

/** The browsers the log names; any other family (Samsung Internet, Brave, …) is 'other'. */
const LOGGED_BROWSERS: Readonly<Record<string, ClipBrowserKind>> = {
  Chrome: 'Chrome',
  Chromium: 'Chrome',
  Edge: 'Edge',
  Opera: 'Opera',
  Firefox: 'Firefox',
  Safari: 'Safari',
};

export function userAgentKind(userAgent: string | undefined): UserAgentKind {
  const { browser, isBot, form } = parseUserAgent(userAgent);
  if (isBot) return { device: 'bot', browser: 'other' };
  return { device: form, browser: LOGGED_BROWSERS[browser ?? ''] ?? 'other' };
}
