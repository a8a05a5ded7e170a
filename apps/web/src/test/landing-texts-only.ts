import i18n from '../i18n';
import enLanding from '../i18n/en/landing.json';

/**
 * Runs `run` with English's texts as a first visit to `/` has them: the landing part only (or `landing` in its
 * place), no `app` part. The test setup loads every text; this puts them back afterwards.
 */
export async function withLandingTextsOnly<T>(run: () => Promise<T>, landing: object = enLanding): Promise<T> {
  const before = {
    landing: i18n.getResourceBundle('en', 'landing') as object,
    app: i18n.getResourceBundle('en', 'app') as object,
  };
  i18n.removeResourceBundle('en', 'app');
  i18n.removeResourceBundle('en', 'landing');
  i18n.addResourceBundle('en', 'landing', landing);
  try {
    return await run();
  } finally {
    i18n.removeResourceBundle('en', 'landing');
    i18n.removeResourceBundle('en', 'app');
    i18n.addResourceBundle('en', 'landing', before.landing);
    i18n.addResourceBundle('en', 'app', before.app);
  }
}
