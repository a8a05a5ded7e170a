import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { prerenderedPage } from './app/prerendered';
import { routes, whenRouterReady } from './app/router';
import { appTextsLoaded, initialLanguageShown } from './i18n';
import { registerServiceWorker } from './pwa/update-prompt';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
const prerendered = prerenderedPage(root);

if (prerendered) {
  // The page on screen is the app's first render (src/app/prerendered.ts): React adopts its DOM instead of
  // building it again, once the route's chunk is here (before, the router would render its fallback). In
  // a transition, so that hydrating runs in slices with the page responsive between them: in one piece
  // it was a task of ~1 s on Lighthouse's throttled phone (its Total Blocking Time).
  void Promise.all([initialLanguageShown, whenRouterReady(router)]).then(() =>
    startTransition(() => void hydrateRoot(prerendered, app)),
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
