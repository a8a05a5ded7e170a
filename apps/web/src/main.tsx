import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { holdInputsUntilHydrated, whenFirstUsed } from './app/deferred-hydration';
import { Providers } from './app/Providers';
import { prerenderedPage } from './app/prerendered';
import { routes, whenRouterReady } from './app/router';
import { appTextsLoaded, initialLanguageShown } from './i18n';
import { registerServiceWorker } from './pwa/update-prompt';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const router = createBrowserRouter(routes);
const prerendered = prerenderedPage(root);

/**
 * Renders the app as it is; its effect runs once the app's first effects (its listeners) have run, since a
 * parent's effects follow its children's. A parent rather than a sibling: a second child at the root would
 * change every `useId` from the prerendered HTML's.
 */
function OnFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(() => onCommit(), [onCommit]);
  return children;
}

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

if (prerendered) {
  // The page on screen is the app's first render (src/app/prerendered.ts): React adopts its DOM instead of
  // building it again, once the route's chunk is here (before, the router would render its fallback), and
  // not before the visitor first uses the page, or it has sat idle after loading (src/app/deferred-hydration.ts):
  // until then the HTML is the page, its links plain links. In a transition, so that hydrating runs in
  // slices with the page responsive between them (in one piece it was a task of ~1 s on Lighthouse's
  // throttled phone); a press on the page makes React finish it at once, before the press is dispatched.
  // Listening from the start, so that no input is missed.
  const firstUse = whenFirstUsed();
  const held = holdInputsUntilHydrated(prerendered);
  void Promise.all([initialLanguageShown, whenRouterReady(router), firstUse]).then(() =>
    startTransition(() => {
      hydrateRoot(prerendered, <OnFirstCommit onCommit={held.replay}>{app}</OnFirstCommit>);
      held.rootCreated();
    }),
  );
} else {
  // Anything prerendered is hidden (first-paint.js) and goes with the first render. Every page's texts come
  // first: whoever is not a first visit to `/` (signed in, another route) may meet any of them at once.
  // Should they fail to load, the app shows anyway: each page asks for them again before it renders.
  const appTexts = appTextsLoaded().catch((error: unknown) => console.warn('Translations could not be loaded:', error));
  void Promise.all([initialLanguageShown, appTexts]).then(() => createRoot(root).render(app));
}

// Production builds only: in development Vite serves modules the worker would cache, and there is no sw.js.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void registerServiceWorker(navigator.serviceWorker));
}
