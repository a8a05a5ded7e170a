/**
 * Build time, in Node (vite.config.ts's prerender plugin loads this through Vite's SSR loader): the
 * landing page's HTML as the app's first render shows it to a first visit in English with nothing stored
 * (src/app/prerendered.ts says who gets it and who does not).
 *
 * The app's modules read the browser's storage, language and scroll position while rendering (i18n at
 * import, the theme and the header's scroll state in their first state), so a stand-in of those answers
 * as that first visit would, for the length of the render, and is removed after it.
 */
import type { i18n as I18n } from 'i18next';
import { prerender } from 'react-dom/static';
import { PRERENDERED_ATTRIBUTE } from '../app/prerendered';

const FIRST_VISIT_GLOBALS = {
  window: { scrollY: 0 },
  localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  navigator: { language: 'en' },
  document: { documentElement: { lang: 'en', classList: { toggle: () => false } }, title: '' },
} as const;

async function withFirstVisitGlobals<T>(render: () => Promise<T>): Promise<T> {
  const saved = Object.keys(FIRST_VISIT_GLOBALS).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(FIRST_VISIT_GLOBALS)) {
    // Node 21+ has its own `navigator` getter; defining, not assigning, replaces it too.
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  try {
    return await render();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
  }
}

/**
 * The first load carries only the landing part of the texts (src/i18n): a key the render asks for beyond
 * what is loaded would reach the HTML as the key itself, so it fails the build instead.
 */
async function withEveryTextFound<T>(i18n: I18n, render: () => Promise<T>): Promise<T> {
  const missing = new Set<string>();
  const onMissing = (_languages: readonly string[], _namespace: string, key: string) => void missing.add(key);
  const { saveMissing } = i18n.options;
  // i18next reports a missing key only while it is asked to save them; nothing is saved without a backend.
  i18n.options.saveMissing = true;
  i18n.on('missingKey', onMissing);
  try {
    const result = await render();
    if (missing.size > 0) {
      throw new Error(`the landing page asks for texts it does not load: ${[...missing].join(', ')}`);
    }
    return result;
  } finally {
    i18n.options.saveMissing = saveMissing;
    i18n.off('missingKey', onMissing);
  }
}

/** `#root`'s content for `/`: the same tree main.tsx renders, the route's chunk already loaded. */
export function renderLanding(): Promise<string> {
  return withFirstVisitGlobals(async () => {
    // Imported here, not above: i18n reads the stand-ins when it loads.
    const [
      { default: i18n, initialLanguageShown },
      { Providers },
      { routes, whenRouterReady },
      { createMemoryRouter, RouterProvider },
    ] = await Promise.all([
      import('../i18n'),
      import('../app/Providers'),
      import('../app/router'),
      import('react-router'),
    ]);
    await initialLanguageShown;
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    await whenRouterReady(router);
    if (router.state.errors) throw new Error(`the landing route failed: ${JSON.stringify(router.state.errors)}`);
    // `prerender` waits for the page's lazy parts (the pricing plans) where renderToString would leave
    // their Suspense fallback: the HTML holds the whole page, and each part hydrates when its chunk loads.
    // Every boundary inline (a large one is otherwise sent apart, to be moved into place by an inline script,
    // which the app's Content-Security-Policy forbids).
    const html = await withEveryTextFound(i18n, async () => {
      const { prelude } = await prerender(
        <Providers>
          <RouterProvider router={router} />
        </Providers>,
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      return new Response(prelude).text();
    });
    router.dispose();
    return `<div ${PRERENDERED_ATTRIBUTE}>${html}</div>`;
  });
}
