/**
 * The build writes the landing page's HTML, as a first visit in English with nothing stored sees it, into
 * index.html's `#root` (src/prerender/render.tsx), so a phone paints it before any JavaScript has run
 * (docs/decisions/002-prerendered-landing.md). It sits in a wrapper with this attribute, laid out as if
 * absent (index.css), which the app hydrates and keeps as its React root.
 *
 * index.html answers every path, and the page it holds is wrong for some visitors: another path, another
 * language, a stored session (the header's Dashboard and Logout), a theme chosen by hand (the theme
 * button's icon). public/first-paint.js, run before the body is parsed, then puts this class on `<html>`,
 * which hides the wrapper (index.css): those visitors see nothing until the app renders, as without it.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDER_STALE_CLASS = 'prerender-stale';

/**
 * The prerendered page's wrapper when it is on screen, which the app hydrates (its first render is that
 * page); null when there is none (the development server) or it is hidden.
 */
export function prerenderedPage(root: HTMLElement): HTMLElement | null {
  if (document.documentElement.classList.contains(PRERENDER_STALE_CLASS)) return null;
  return root.querySelector<HTMLElement>(`:scope > [${PRERENDERED_ATTRIBUTE}]`);
}
