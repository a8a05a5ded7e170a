import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enLanding from './en/landing.json';
import { LANGUAGES, type LanguageCode } from './languages';
import { rememberLanguageForWorker } from '../pwa/worker-language';

export { LANGUAGES, type LanguageCode };

const STORAGE_KEY = 'clipsync.language';
const isSupported = (code: string | null | undefined): code is LanguageCode =>
  LANGUAGES.some((language) => language.code === code);

/**
 * Each language's texts come in two parts, each an i18next namespace: `landing`, what a first visit to `/`
 * shows (the landing page, the frame around every route, toasts), and `app`, everything else. A key is looked
 * up in `landing`, then in `app`, so code names keys without their part. Only English's landing part ships
 * with the first load (~3 KB gzip of the ~12 the texts weigh; bench/README.md, landing); the rest is fetched
 * the first time it is needed.
 */
type TextsPart = 'landing' | 'app';
type TextsModule = () => Promise<{ default: object }>;

const TEXTS: Record<LanguageCode, Record<TextsPart, TextsModule>> = {
  en: { landing: () => Promise.resolve({ default: enLanding }), app: () => import('./en/app.json') },
  fr: { landing: () => import('./fr/landing.json'), app: () => import('./fr/app.json') },
  es: { landing: () => import('./es/landing.json'), app: () => import('./es/app.json') },
  de: { landing: () => import('./de/landing.json'), app: () => import('./de/app.json') },
};

/** Parts on their way, by `language:part`. */
const partsLoading = new Map<string, Promise<void>>();

function loadPart(code: LanguageCode, part: TextsPart): Promise<void> {
  if (i18n.hasResourceBundle(code, part)) return Promise.resolve();
  const key = `${code}:${part}`;
  let loading = partsLoading.get(key);
  if (!loading) {
    loading = TEXTS[code][part]()
      .then((texts) => void i18n.addResourceBundle(code, part, texts.default))
      // Settled either way: a failed load is tried again when next needed.
      .finally(() => partsLoading.delete(key));
    partsLoading.set(key, loading);
  }
  return loading;
}

/** Saved choice, else the browser's language, else English. */
function initialLanguage(): LanguageCode {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isSupported(saved)) return saved;
  const browser = navigator.language.slice(0, 2).toLowerCase();
  return isSupported(browser) ? browser : 'en';
}

/** The language asked for last: a slower load of an earlier choice must not switch back to it. */
let latestRequested: LanguageCode = 'en';
/** Whether anything beyond the landing page has been shown: a language switch then loads both parts. */
let isAppTextsWanted = false;

const partsShown = (): TextsPart[] => (isAppTextsWanted ? ['landing', 'app'] : ['landing']);

/**
 * Loads the language's texts if needed, switches to it and keeps `<html lang>` true for screen readers.
 * Resolves to whether it was shown (false when another language was chosen meanwhile).
 */
async function showLanguage(code: LanguageCode): Promise<boolean> {
  latestRequested = code;
  await Promise.all(partsShown().map((part) => loadPart(code, part)));
  if (latestRequested !== code) return false;
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  // A notification shown while no page is open speaks the language the app last spoke.
  rememberLanguageForWorker(code);
  return true;
}

void i18n.use(initReactI18next).init({
  resources: { en: { landing: enLanding } },
  ns: ['landing', 'app'],
  defaultNS: 'landing',
  fallbackNS: 'app',
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18n.language;

/**
 * Settles once the saved or browser language is shown; main.tsx renders the app after it, so a reader of
 * another language never sees English first. Should its texts fail to load, the app shows in English.
 */
export const initialLanguageShown: Promise<void> = showLanguage(initialLanguage()).then(
  () => undefined,
  (error: unknown) => console.warn('Translations could not be loaded; showing English:', error),
);

/**
 * Settles once the texts of every page are loaded, in the language asked for and in the one on screen (they
 * differ while a choice loads, or when its texts failed to), else in English, the fallback: the router waits
 * for it before any page but the landing page.
 */
export function appTextsLoaded(): Promise<void> {
  isAppTextsWanted = true;
  const languages = new Set([latestRequested, i18n.language as LanguageCode]);
  return Promise.all([...languages].map((code) => loadPart(code, 'app'))).then(
    () => undefined,
    (error: unknown) => {
      console.warn('Translations could not be loaded; showing English:', error);
      return loadPart('en', 'app');
    },
  );
}

/** `load`, answered once every page's texts are loaded too: for a route or a part that speaks with them. */
export const withAppTexts =
  <T>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), appTextsLoaded()]))[0];

/** Switches the UI language (its texts loaded first, when not yet) and remembers the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (await showLanguage(code)) localStorage.setItem(STORAGE_KEY, code);
}

export default i18n;
