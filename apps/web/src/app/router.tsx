import type React from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage';
import { StandalonePage } from '../features/placeholders/StandalonePage';
import { RouteFallback } from '../ui/RouteFallback';
import { AppShell } from './AppShell';
import { ProtectedRoute, PublicRoute } from './guards';

const page = (titleKey: string, bodyKey?: string) => (
  <PlaceholderPage titleKey={titleKey} {...(bodyKey ? { bodyKey } : {})} />
);
const standalone = (titleKey: string) => <StandalonePage titleKey={titleKey} />;

const lazyPage = (load: () => Promise<{ default: () => React.ReactElement }>) => async () => ({
  Component: (await load()).default,
});

/**
 * SPEC §2's route table, with its public-only and protected guards. Pages are code-split; the areas of
 * later issues show their title until they land.
 */
export const routes: RouteObject[] = [
  { path: '/', lazy: lazyPage(() => import('../features/landing/LandingPage')), HydrateFallback: RouteFallback },
  {
    element: <PublicRoute />,
    children: [{ path: '/auth', lazy: lazyPage(() => import('../features/auth/AuthPage')) }],
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: '/dashboard', lazy: lazyPage(() => import('../features/clips/lists/DashboardPage')) },
          { path: '/clips', lazy: lazyPage(() => import('../features/clips/lists/AllClipsPage')) },
          { path: '/rooms', element: page('pages.rooms') },
          { path: '/rooms/:roomId', element: page('pages.room') },
          { path: '/favorites', lazy: lazyPage(() => import('../features/clips/lists/FavoritesPage')) },
          { path: '/quick-copy', element: page('pages.quickCopy', 'pages.quickCopyComingSoon') },
        ],
      },
    ],
  },
  { path: '/desktop', element: standalone('pages.desktop') },
  { path: '/desktop/shared/:token', element: standalone('pages.sharedDesktop') },
  { path: '/new-clip', lazy: lazyPage(() => import('../features/clips/new-clip/NewClipPage')) },
  { path: '/clips/:clipId', lazy: lazyPage(() => import('../features/clips/shared-clip/SharedClipPage')) },
  { path: '/email-confirmation', lazy: lazyPage(() => import('../features/auth/EmailConfirmationPage')) },
  { path: '/reset-password', lazy: lazyPage(() => import('../features/auth/ResetPasswordPage')) },
  { path: '*', lazy: lazyPage(() => import('../features/not-found/NotFoundPage')) },
];

export const router = createBrowserRouter(routes);
