/**
 * Debian's Chromium, never a downloaded browser (CI installs it with apt), and the flags it needs to run as
 * root in a container without a display, GPU or network chatter. Shared by the Playwright journeys and the
 * landing benchmark's Lighthouse runs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
