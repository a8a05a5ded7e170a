import { LANGUAGES, type LanguageCode } from '../i18n/languages';

/**
 * The language the app last showed, kept where the service worker can read it while no page is open (it
 * has no localStorage): a cache of its own, which no version's clean-up touches and which holds no data of
 * the user's.
 */
const LANGUAGE_CACHE = 'clipsync-language';
const LANGUAGE_ENTRY = '/language';

const isLanguage = (code: string | null | undefined): code is LanguageCode =>
  LANGUAGES.some((language) => language.code === code);

/** Kept for the service worker; a browser without the Cache API, or refusing it, keeps nothing. */
export function rememberLanguageForWorker(code: LanguageCode): void {
  if (typeof caches === 'undefined') return;
  caches
    .open(LANGUAGE_CACHE)
    .then((cache) => cache.put(LANGUAGE_ENTRY, new Response(code)))
    .catch(() => undefined);
}

/** The app's last language, else the browser's, else English. */
export async function workerLanguage(browserLanguage: string): Promise<LanguageCode> {
  const saved = await caches
    .open(LANGUAGE_CACHE)
    .then((cache) => cache.match(LANGUAGE_ENTRY))
    .then((answer) => answer?.text())
    .catch(() => undefined);
  if (isLanguage(saved)) return saved;
  const browser = browserLanguage.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : 'en';
}
