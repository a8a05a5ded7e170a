import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import script from '../../public/first-paint.js?raw';
import { PRERENDER_STALE_CLASS } from './prerendered';

// public/first-paint.js runs before the app exists, so it cannot import the app's rules; these cases hold
// it to them: the prerendered landing page shows only where the app's first render is that same page.
const html = document.documentElement;

function runAt(path: string, { language = 'en-US', stored = {} as Record<string, string> } = {}) {
  window.history.replaceState(null, '', path);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  // Indirect eval: the script runs in the global scope, as the browser runs it.
  (0, eval)(script);
  return { isStale: html.classList.contains(PRERENDER_STALE_CLASS), lang: html.lang };
}

describe('public/first-paint.js', () => {
  beforeEach(() => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    html.className = '';
    html.lang = 'en';
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('leaves the prerendered page on screen for an English first visit to /', () => {
    expect(runAt('/')).toEqual({ isStale: false, lang: 'en' });
  });

  it('hides it on any other path, which index.html also answers', () => {
    expect(runAt('/dashboard').isStale).toBe(true);
    expect(runAt('/auth').isStale).toBe(true);
  });

  it("hides it from a browser in another of the app's languages, and from a saved one", () => {
    expect(runAt('/', { language: 'fr-FR' })).toEqual({ isStale: true, lang: 'fr' });
    html.classList.remove(PRERENDER_STALE_CLASS);
    expect(runAt('/', { stored: { 'clipsync.language': 'de' } })).toEqual({ isStale: true, lang: 'de' });
  });

  it('keeps it for a language the app does not have, which it shows in English', () => {
    expect(runAt('/', { language: 'it-IT' })).toEqual({ isStale: false, lang: 'en' });
  });

  it('keeps it for a saved English over a French browser', () => {
    expect(runAt('/', { language: 'fr-FR', stored: { 'clipsync.language': 'en' } }).isStale).toBe(false);
  });

  it('hides it from a visitor with a stored session, whose header says Dashboard and Logout', () => {
    expect(runAt('/', { stored: { user: '{}', session: '{}' } }).isStale).toBe(true);
  });

  it("hides it from a theme chosen by hand (the theme button's icon), and applies the theme", () => {
    expect(runAt('/', { stored: { 'clipsync.theme': 'dark' } }).isStale).toBe(true);
    expect(html.classList.contains('dark')).toBe(true);
    html.className = '';
    expect(runAt('/', { stored: { 'clipsync.theme': 'system' } }).isStale).toBe(false);
  });
});
