/** The app's languages: here alone, so the service worker can read them without i18next. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
