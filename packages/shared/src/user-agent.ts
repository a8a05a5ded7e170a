/**
 * What a User-Agent (and, from Chromium browsers, its low-entropy client hints) says of the client: a
 * program that is not a browser, a browser's family, a system, a screen size, and whether a person is
 * likely behind it. Families only, never a version or a model: the server's view log, its token list and
 * the web's LAN name all name clients from this one reading, so they never disagree about a browser.
 */

/** The low-entropy User-Agent Client Hints Chromium browsers give (navigator.userAgentData). */
export interface UserAgentHints {
  brands?: ReadonlyArray<{ brand: string }>;
  platform?: string;
}

export type UserAgentForm = 'phone' | 'tablet' | 'desktop';

export interface ParsedUserAgent {
  /** A program that is not a browser: 'clipsync CLI', 'curl', 'Python', … */
  tool?: string;
  /** 'Chrome', 'Edge', 'Opera', 'Samsung Internet', 'Firefox', 'Safari', … */
  browser?: string;
  /** 'Windows', 'macOS', 'Linux', 'ChromeOS', 'Android', 'iPhone', 'iPad' or 'iPod'. */
  system?: string;
  /** A link preview, crawler, script or headless browser; an empty User-Agent too, as no browser sends none. */
  isBot: boolean;
  form: UserAgentForm;
}

type Names = ReadonlyArray<[pattern: RegExp, name: string]>;

const TOOLS: Names = [
  [/^clipsync\//i, 'clipsync CLI'],
  [/^curl\//i, 'curl'],
  [/^wget\//i, 'Wget'],
  [/^python-requests|^python-httpx|^python-urllib|^aiohttp/i, 'Python'],
  [/^node|^undici|^axios/i, 'Node.js'],
  [/^go-http-client/i, 'Go'],
  [/^powershell|WindowsPowerShell/i, 'PowerShell'],
  [/Shortcuts|CFNetwork/i, 'Apple Shortcuts'],
];

/** Client-hint brands, most specific first ('Chromium' is in every Chromium browser's list). */
const BRANDS: ReadonlyArray<[brand: string, name: string]> = [
  ['Microsoft Edge', 'Edge'],
  ['Opera', 'Opera'],
  ['Brave', 'Brave'],
  ['Vivaldi', 'Vivaldi'],
  ['Samsung Internet', 'Samsung Internet'],
  ['Google Chrome', 'Chrome'],
  ['Chromium', 'Chromium'],
];

/** In the order that tells browsers apart: Edge, Opera and the others also say Chrome and Safari. */
const BROWSERS: Names = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const PLATFORMS: Readonly<Record<string, string>> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Linux: 'Linux',
  Android: 'Android',
  'Chrome OS': 'ChromeOS',
  ChromeOS: 'ChromeOS',
  iOS: 'iPhone',
};

/** In the order that tells systems apart: an iPhone is 'like Mac OS X', Android is Linux. */
const SYSTEMS: Names = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\biPod\b/, 'iPod'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const BOT =
  /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|facebookcatalog|embedly|preview|whatsapp\/|skypeuripreview|curl\/|wget\/|python-requests|go-http-client|headlesschrome/i;
const TABLET = /ipad|tablet|kindle|silk\/|playbook|android(?!.*mobile)/i;
const PHONE = /mobi|iphone|ipod|windows phone|android.*mobile/i;

const firstMatch = (names: Names, text: string) => names.find(([pattern]) => pattern.test(text))?.[1];

function browserOf(userAgent: string, hints: UserAgentHints | undefined): string | undefined {
  const brands = hints?.brands?.map(({ brand }) => brand) ?? [];
  return BRANDS.find(([brand]) => brands.includes(brand))?.[1] ?? firstMatch(BROWSERS, userAgent);
}

export function parseUserAgent(userAgent: string | undefined, hints?: UserAgentHints): ParsedUserAgent {
  const text = userAgent?.trim() ?? '';
  const form: UserAgentForm = TABLET.test(text) ? 'tablet' : PHONE.test(text) ? 'phone' : 'desktop';
  return {
    tool: firstMatch(TOOLS, text),
    browser: browserOf(text, hints),
    system: PLATFORMS[hints?.platform ?? ''] ?? firstMatch(SYSTEMS, text),
    isBot: text === '' || BOT.test(text),
    form,
  };
}
