// Runs before the body is parsed (index.html; an external file because the CSP forbids inline script).
(function () {
  var html = document.documentElement;
  // The prerendered landing page in index.html (src/app/prerendered.ts) is an English first visit to `/`
  // with nothing stored; anyone else would see it flash before the app replaces it, so it is hidden.
  var isPrerenderStale = location.pathname !== '/';
  try {
    // The saved theme, applied before the first paint (src/ui/use-theme.ts keeps it afterwards).
    var theme = localStorage.getItem('clipsync.theme');
    var dark =
      theme === 'dark' || ((!theme || theme === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    html.classList.toggle('dark', dark);
    // The language src/i18n/index.ts will show: the saved one, else the browser's, else English.
    var supported = ['en', 'fr', 'es', 'de'];
    var saved = localStorage.getItem('clipsync.language');
    var browser = (navigator.language || '').slice(0, 2).toLowerCase();
    var language = supported.indexOf(saved) >= 0 ? saved : supported.indexOf(browser) >= 0 ? browser : 'en';
    html.lang = language;
    var hasStoredSession = localStorage.getItem('user') !== null || localStorage.getItem('session') !== null;
    var hasChosenTheme = theme === 'light' || theme === 'dark';
    if (language !== 'en' || hasStoredSession || hasChosenTheme) isPrerenderStale = true;
  } catch {
    // Storage unavailable: the app will show English to a signed-out visitor, unless the browser asks for
    // another language, which is told without storage.
    if (!/^en/i.test(navigator.language || 'en')) isPrerenderStale = true;
  }
  if (isPrerenderStale) html.classList.add('prerender-stale');
})();
