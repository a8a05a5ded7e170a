/**
 * The app shell's route table, equal to the shared `APP_ROUTES` (router.test.ts), so the server answers the
 * same paths. Beside it in `app/`: `RootLayout` (document titles from each route's `handle.titleKey`, global
 * shortcuts and their `?` dialog), the public and protected guards, `Providers.tsx`, and the signed-in frame
 * (sidebar, account menu, mobile bar, live indicator). Features are composed here and in `Providers.tsx` only.
 */
import type React from 'react';
import { type DataRouter, type RouteObject } from 'react-router';
import { withAppTexts } from '../i18n';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage';
import { RouteFallback } from '../ui/RouteFallback';
import { ProtectedRoute, PublicRoute } from './guards';
import { RootLayout } from './RootLayout';
import { retryingLoad } from './route-errors/chunk-load';
import { RouteErrorPage } from './route-errors/RouteErrorPage';
import type { RouteTitle } from './use-route-title';

const page = (titleKey: string, bodyKey?: string) => (
  <PlaceholderPage titleKey={titleKey} {...(bodyKey ? { bodyKey } : {})} />
);

/** A route's name in the tab's title (the landing page declares none: its title is the app's name). */
const title = (titleKey: string): RouteTitle => ({ titleKey });

/**
 * A page loads with the texts of every page but the landing one (src/i18n: its first load carries those only).
 * Each lazy part is tried again when its code fails to load (route-errors/chunk-load.ts): the router keeps a
 * lazy route's first failure for good.
 */
const lazyPage = (load: () => Promise<{ default: () => React.ReactElement }>) =>
  retryingLoad(withAppTexts(async () => ({ Component: (await load()).default })));

/**
 * The landing page comes with its separately loaded parts (the pricing plans): the prerendered page hydrates
 * once the route is ready, and a part still without its code when first pressed would lose the press.
 */
const lazyLandingPage =
  (load: () => Promise<{ default: () => React.ReactElement; loadLateParts: () => Promise<void> }>) => async () => {
    const page = await retryingLoad(load)();
    await page.loadLateParts();
    return { Component: page.default };
  };

/**
 * The frames around pages load with the first page that needs one: the signed-in frame (sidebar, account
 * menu, plan status and the API client behind it) is no part of the landing page's first load.
 */
const lazyFrame = (load: () => Promise<() => React.ReactElement>) =>
  retryingLoad(withAppTexts(async () => ({ Component: await load() })));

/**
 * The route table (the shared `APP_ROUTES`), with its public-only and protected guards. Pages are
 * code-split; the areas of later issues show their title until they land. The browser's router is made in
 * main.tsx, not here: the build's prerender (src/prerender.tsx) renders these routes in Node, where there
 * is no history to bind.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteFallback,
    // Whatever fails below, the layout included, shows the app's own page: never the router's developer page.
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/',
        lazy: lazyLandingPage(() => import('../features/landing/LandingPage')),
        HydrateFallback: RouteFallback,
      },
      {
        element: <PublicRoute />,
        children: [
          { path: '/auth', handle: title('nav.login'), lazy: lazyPage(() => import('../features/auth/AuthPage')) },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: lazyFrame(async () => (await import('./AppShell')).AppShell),
            children: [
              {
                path: '/dashboard',
                handle: title('pages.dashboard'),
                lazy: lazyPage(() => import('../features/clips/lists/DashboardPage')),
              },
              {
                path: '/clips',
                handle: title('pages.clips'),
                lazy: lazyPage(() => import('../features/clips/lists/AllClipsPage')),
              },
              {
                path: '/rooms',
                handle: title('pages.rooms'),
                lazy: lazyPage(() => import('../features/rooms/list/RoomsPage')),
              },
              {
                path: '/rooms/:roomId',
                handle: title('pages.room'),
                lazy: lazyPage(() => import('../features/rooms/detail/RoomPage')),
              },
              {
                path: '/rooms/join/:token',
                handle: title('pages.room'),
                lazy: lazyPage(() => import('../features/rooms/join/JoinRoomPage')),
              },
              {
                path: '/rooms/invite/:token',
                handle: title('pages.room'),
                lazy: lazyPage(() => import('../features/rooms/join/AcceptInvitationPage')),
              },
              {
                path: '/favorites',
                handle: title('pages.favorites'),
                lazy: lazyPage(() => import('../features/clips/lists/FavoritesPage')),
              },
              {
                path: '/billing',
                handle: title('billing.title'),
                lazy: lazyPage(() => import('../features/billing/BillingPage')),
              },
              {
                path: '/billing/success',
                handle: title('billing.successTitle'),
                lazy: lazyPage(() => import('../features/billing/CheckoutSuccessPage')),
              },
              {
                path: '/billing/cancel',
                handle: title('billing.cancelTitle'),
                lazy: lazyPage(() => import('../features/billing/CheckoutCancelPage')),
              },
              {
                path: '/settings/tokens',
                handle: title('tokens.title'),
                lazy: lazyPage(() => import('../features/tokens/TokensPage')),
              },
              {
                path: '/devices',
                handle: title('devices.title'),
                lazy: lazyPage(() => import('../features/devices/DevicesPage')),
              },
              {
                path: '/devices/near',
                handle: title('devices.nearQr.pageTitle'),
                lazy: lazyPage(() => import('../features/devices/near-qr/NearProofPage')),
              },
              {
                path: '/device',
                handle: title('deviceSignIn.title'),
                lazy: lazyPage(() => import('../features/device-sign-in/DeviceSignInPage')),
              },
              {
                path: '/settings/sso',
                handle: title('sso.settingsTitle'),
                lazy: lazyPage(() => import('../features/sso/SsoSettingsPage')),
              },
              {
                path: '/settings/security-events',
                handle: title('audit.securityTitle'),
                lazy: lazyPage(() => import('../features/security-events/SecurityEventsPage')),
              },
              {
                path: '/settings/notifications',
                handle: title('push.title'),
                lazy: lazyPage(() => import('../features/web-push/NotificationsPage')),
              },
              {
                path: '/settings/privacy',
                handle: title('privacy.title'),
                lazy: lazyPage(() => import('../features/privacy/PrivacyPage')),
              },
              {
                path: '/quick-copy',
                handle: title('pages.quickCopy'),
                element: page('pages.quickCopy', 'pages.quickCopyComingSoon'),
              },
              // The admin console's Overview and Settings (the lead nests them under the console's frame).
            ],
          },
          {
            // The admin console: admins only (anyone else sees the not-found page), in the signed-in frame.
            lazy: lazyFrame(async () => {
              const [{ AdminGuard }, notFound] = await Promise.all([
                import('../features/admin/AdminGuard'),
                import('../features/not-found/NotFoundPage'),
              ]);
              return () => <AdminGuard notFound={<notFound.default />} />;
            }),
            children: [
              {
                lazy: lazyFrame(async () => (await import('./AppShell')).AppShell),
                children: [
                  {
                    path: '/admin',
                    handle: title('adminConsole.title'),
                    lazy: lazyFrame(async () => (await import('../features/admin/AdminLayout')).AdminLayout),
                    children: [
                      {
                        index: true,
                        handle: title('adminOverview.title'),
                        lazy: lazyPage(() => import('../features/admin/overview/OverviewPage')),
                      },
                      {
                        path: '/admin/users',
                        handle: title('adminConsole.users.title'),
                        lazy: lazyPage(() => import('../features/admin/users/UsersPage')),
                      },
                      {
                        path: '/admin/users/:id',
                        handle: title('adminAccounts.title'),
                        lazy: lazyPage(() => import('../features/admin/accounts/AdminAccountPage')),
                      },
                      {
                        path: '/admin/invitations',
                        handle: title('adminInvitations.title'),
                        lazy: lazyPage(() => import('../features/admin/invitations/InvitationsPage')),
                      },
                      {
                        path: '/admin/reports',
                        handle: title('moderation.title'),
                        lazy: lazyPage(() => import('../features/admin/reports/ReportsPage')),
                      },
                      {
                        path: '/admin/audit',
                        handle: title('audit.title'),
                        lazy: lazyPage(() => import('../features/admin/audit/AuditPage')),
                      },
                      {
                        path: '/admin/settings',
                        handle: title('adminOverview.settings.title'),
                        lazy: lazyPage(() => import('../features/admin/settings/SettingsPage')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        lazy: lazyFrame(async () => (await import('./ClipFrame')).ClipFrame),
        children: [
          {
            path: '/desktop',
            handle: title('pages.desktop'),
            lazy: lazyPage(() => import('../features/desktop/DesktopPage')),
          },
          {
            path: '/desktop/shared/:token',
            handle: title('pages.sharedDesktop'),
            lazy: lazyPage(() => import('../features/desktop/SharedDesktopPage')),
          },
          {
            path: '/new-clip',
            handle: title('pages.newClip'),
            lazy: lazyPage(() => import('../features/clips/new-clip/NewClipPage')),
          },
          {
            path: '/clips/:clipId',
            handle: title('editor.sharedTitle'),
            lazy: lazyPage(() => import('../features/clips/shared-clip/SharedClipPage')),
          },
        ],
      },
      {
        path: '/share',
        handle: title('shareTarget.title'),
        lazy: lazyPage(() => import('../features/share/SharePage')),
      },
      {
        path: '/register',
        handle: title('auth.registerTitle'),
        lazy: lazyPage(() => import('../features/auth/InvitationLinkRedirect')),
      },
      {
        path: '/email-confirmation',
        handle: title('shell.emailConfirmation'),
        lazy: lazyPage(() => import('../features/auth/EmailConfirmationPage')),
      },
      {
        path: '/reset-password',
        handle: title('reset.title'),
        lazy: lazyPage(() => import('../features/auth/ResetPasswordPage')),
      },
      {
        path: '/auth/sso',
        handle: title('sso.title'),
        lazy: lazyPage(() => import('../features/sso/SsoCompletePage')),
      },
      {
        path: '/auth/sso-error',
        handle: title('sso.title'),
        lazy: lazyPage(() => import('../features/sso/SsoErrorPage')),
      },
      {
        path: '*',
        handle: title('notFound.title'),
        lazy: lazyPage(() => import('../features/not-found/NotFoundPage')),
      },
    ],
  },
];

/**
 * Settles once the router has matched its first location and loaded that route's lazy chunk: rendered
 * before, it shows the route's HydrateFallback, where the prerendered page must give way only to itself.
 */
export function whenRouterReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
