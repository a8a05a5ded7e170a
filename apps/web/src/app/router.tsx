import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '../features/placeholders/PlaceholderPage';
import { StandalonePage } from '../features/placeholders/StandalonePage';
import { AppShell } from './AppShell';
import { RouteFallback } from './RouteFallback';

const page = (titleKey: string, bodyKey?: string) => (
  <PlaceholderPage titleKey={titleKey} {...(bodyKey ? { bodyKey } : {})} />
);
const standalone = (titleKey: string) => <StandalonePage titleKey={titleKey} />;

/**
 * SPEC §2's route table. The landing and not-found pages are code-split; the areas of later issues show
 * their title until they land. Sign-in guards arrive with accounts.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).default }),
    HydrateFallback: RouteFallback,
  },
  { path: '/auth', element: standalone('auth.title') },
  {
    element: <AppShell />,
    children: [
      { path: '/dashboard', element: page('pages.dashboard') },
      { path: '/clips', element: page('pages.clips') },
      { path: '/rooms', element: page('pages.rooms') },
      { path: '/rooms/:roomId', element: page('pages.room') },
      { path: '/favorites', element: page('pages.favorites') },
      { path: '/quick-copy', element: page('pages.quickCopy', 'pages.quickCopyComingSoon') },
    ],
  },
  { path: '/desktop', element: standalone('pages.desktop') },
  { path: '/desktop/shared/:token', element: standalone('pages.sharedDesktop') },
  { path: '/new-clip', element: standalone('pages.newClip') },
  { path: '/clips/:clipId', element: standalone('pages.sharedClip') },
  { path: '/email-confirmation', element: standalone('pages.emailConfirmation') },
  { path: '/reset-password', element: standalone('pages.resetPassword') },
  { path: '*', lazy: async () => ({ Component: (await import('../features/not-found/NotFoundPage')).default }) },
];

export const router = createBrowserRouter(routes);
