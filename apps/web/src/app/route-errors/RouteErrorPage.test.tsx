import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import frLanding from '../../i18n/fr/landing.json';
import { AuthContext } from '../../session/auth-context';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { withLandingTextsOnly } from '../../test/landing-texts-only';
import { routes } from '../router';
import { retryingLoad } from './chunk-load';
import { RELOADED_FOR_KEY } from './new-version';

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/RoomsPage-Old1.js');

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'id')");
}

function renderRoutes(table: RouteObject[], path: string) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <AuthContext.Provider value={fakeSession(null)}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

/** The app's root route (its layout and error page) around one page of the test's. */
function appRootAround(child: RouteObject): RouteObject[] {
  const [{ element, errorElement, HydrateFallback } = {}] = routes;
  return [{ element, errorElement, HydrateFallback, children: [child] }];
}

const reload = vi.fn();

describe('RouteErrorPage', () => {
  setUpPageTests();
  // The page logs what failed, for whoever opens the console.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  function stubBrowser(fetchFn: (url: string) => Promise<Response>) {
    vi.stubGlobal('fetch', vi.fn(fetchFn));
    vi.stubGlobal('location', { ...window.location, reload });
  }

  test('a page whose code cannot load, even retried, offers Reload instead of the router’s developer page', async () => {
    stubBrowser(() => Promise.reject(new TypeError('Failed to fetch')));
    const load = vi.fn(() => Promise.reject(chunkFailure()));
    renderRoutes(appRootAround({ path: '/rooms', lazy: retryingLoad(load, [0, 0]) }), '/rooms');

    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not load' })).toBeVisible();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('any other failure of a page shows the app’s error page with the way home, in the app’s language', async () => {
    i18n.addResourceBundle('fr', 'landing', frLanding);
    await i18n.changeLanguage('fr');
    try {
      await withLandingTextsOnly(async () => {
        renderRoutes(appRootAround({ path: '/clips', Component: Broken }), '/clips');
        expect(await screen.findByRole('heading', { level: 1, name: 'Un problème est survenu' })).toBeVisible();
        expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
        expect(screen.getByRole('button', { name: 'Recharger' })).toBeVisible();
      });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  test('after a deploy (the old chunk answers 404) the page reloads by itself, and only once', async () => {
    const fetchFn = vi.fn((url: string) =>
      Promise.resolve(url === '/index.html' ? new Response('<html></html>') : new Response(null, { status: 404 })),
    );
    stubBrowser(fetchFn);
    const page = { path: '/rooms', lazy: () => Promise.reject(chunkFailure()) };
    renderRoutes(appRootAround(page), '/rooms');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBe('http://localhost:3000/assets/RoomsPage-Old1.js');

    // The reloaded page meets the same missing chunk: it stays on the error page with its Reload button.
    reload.mockClear();
    fetchFn.mockClear();
    renderRoutes(appRootAround({ ...page }), '/rooms');
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(2));
    expect(await screen.findAllByRole('button', { name: 'Reload' })).not.toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
