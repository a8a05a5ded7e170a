/**
 * A coarse name for the client behind a User-Agent (`clipsync CLI`, `curl`, `Firefox on Linux`): enough
 * for a person to recognise their own device in the token list, never the full string (which would be a
 * fingerprint kept for no reason).
 */
const TOOLS: Array<[RegExp, string]> = [
  [/^clipsync\//i, 'clipsync CLI'],
  [/^curl\//i, 'curl'],
  [/^wget\//i, 'Wget'],
  [/^python-requests|^python-httpx|^python-urllib|^aiohttp/i, 'Python'],
  [/^node|^undici|^axios/i, 'Node.js'],
  [/^go-http-client/i, 'Go'],
  [/^powershell|WindowsPowerShell/i, 'PowerShell'],
  [/Shortcuts|CFNetwork/i, 'Apple Shortcuts'],
];
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (table: Array<[RegExp, string]>, text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

export function describeClient(userAgent: string | undefined): string {
  const text = userAgent?.trim() ?? '';
  if (!text) return 'Unknown client';
  const tool = firstMatch(TOOLS, text);
  if (tool) return tool;
  const browser = firstMatch(BROWSERS, text);
  const system = firstMatch(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown client';
}
