import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'clipsync.language';
const isSupported = (code: string | null | undefined): code is LanguageCode =>
  LANGUAGES.some((language) => language.code === code);

/**
 * English, the fallback, ships with the app; another language's texts (~10 KB gzip each) are fetched the
 * first time they are needed, which keeps them out of the landing page's first load (bench/README.md, landing).
 */
const TRANSLATIONS: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: object }>> = {
  fr: () => import('./fr.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
};

/** Saved choice, else the browser's language, else English. */
function initialLanguage(): LanguageCode {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isSupported(saved)) return saved;
  const browser = navigator.language.slice(0, 2).toLowerCase();
  return isSupported(browser) ? browser : 'en';
}

/** The language asked for last: a slower load of an earlier choice must not switch back to it. */
let latestRequested: LanguageCode = 'en';

/**
 * Loads the language's texts if needed, switches to it and keeps `<html lang>` true for screen readers.
 * Resolves to whether it was shown (false when another language was chosen meanwhile).
 */
async function showLanguage(code: LanguageCode): Promise<boolean> {
  latestRequested = code;
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    const texts = (await TRANSLATIONS[code]()).default;
    i18n.addResourceBundle(code, 'translation', texts);
    if (latestRequested !== code) return false;
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  return true;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
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

/** Switches the UI language (its texts loaded first, when not yet) and remembers the choice. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (await showLanguage(code)) localStorage.setItem(STORAGE_KEY, code);
}

export default i18n;
