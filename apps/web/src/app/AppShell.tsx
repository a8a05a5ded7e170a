import {
  ClipboardList,
  Copy,
  Files,
  LayoutDashboard,
  Monitor,
  Star,
  PanelLeftClose,
  PanelLeftOpen,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { DeviceInbox } from '../components/DeviceInbox';
import { cn } from '../ui/cn';
import { AccountMenu } from './AccountMenu';
import { LiveIndicator } from './LiveIndicator';
import { PlanStatusLink } from './PlanStatusLink';

interface Destination {
  to: string;
  key: string;
  icon: LucideIcon;
  /** Whether the mobile bottom bar has room for it (the sidebar has every one). */
  isInBottomBar: boolean;
}

/** Clipboards (the dashboard), Rooms, Quick Copy and Virtual Desktop, with All Clips and Favorites. */
const NAV: readonly Destination[] = [
  { to: '/dashboard', key: 'nav.clipboards', icon: LayoutDashboard, isInBottomBar: true },
  { to: '/clips', key: 'shell.allClips', icon: Files, isInBottomBar: true },
  { to: '/favorites', key: 'shell.favorites', icon: Star, isInBottomBar: false },
  { to: '/rooms', key: 'nav.rooms', icon: Users, isInBottomBar: true },
  { to: '/quick-copy', key: 'nav.quickCopy', icon: Copy, isInBottomBar: false },
  { to: '/desktop', key: 'nav.virtualDesktop', icon: Monitor, isInBottomBar: true },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
    isActive
      ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/** The signed-in pages of the route table, each inside the signed-in frame. */
export function AppShell() {
  return (
    <SignedInFrame>
      <Outlet />
    </SignedInFrame>
  );
}

/**
 * The signed-in layout: collapsible sidebar (a narrow rail when collapsed) with the live state and the account
 * menu, and a mobile bottom bar. NavLink marks the current page `aria-current="page"`. Every signed-in page
 * is also this device's inbox: it registers the device and shows what is sent to it.
 */
export function SignedInFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [isCollapsed, setIsCollapsed] = useState(false);
  return (
    <div className="flex min-h-screen">
      <DeviceInbox />
      <aside
        className={cn(
          'hidden shrink-0 border-r border-slate-200 p-3 md:flex md:flex-col dark:border-slate-800',
          isCollapsed ? 'w-16' : 'w-60',
        )}
      >
        <div className="flex items-center justify-between gap-2 px-1 py-2">
          <Link to="/" className={cn('flex items-center gap-2 font-bold', isCollapsed && 'sr-only')}>
            <ClipboardList className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('app.name')}
          </Link>
          <button
            type="button"
            onClick={() => setIsCollapsed(!isCollapsed)}
            aria-label={t(isCollapsed ? 'nav.expand' : 'nav.collapse')}
            aria-expanded={!isCollapsed}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {isCollapsed ? (
              <PanelLeftOpen className="h-4 w-4" aria-hidden="true" />
            ) : (
              <PanelLeftClose className="h-4 w-4" aria-hidden="true" />
            )}
          </button>
        </div>
        <nav aria-label={t('nav.mainMenu')} className="mt-4 flex flex-1 flex-col gap-1">
          {NAV.map(({ to, key, icon: Icon }) => (
            <NavLink key={to} to={to} className={linkClass} title={isCollapsed ? t(key) : undefined}>
              <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className={cn(isCollapsed && 'sr-only')}>{t(key)}</span>
            </NavLink>
          ))}
        </nav>
        <PlanStatusLink isCompact={isCollapsed} />
        <LiveIndicator isCompact={isCollapsed} />
        <AccountMenu placement="sidebar" isCollapsed={isCollapsed} />
      </aside>
      <main id="main" className="min-w-0 flex-1 pb-20 md:pb-0">
        {children}
      </main>
      <nav
        aria-label={t('nav.mainMenu')}
        className="fixed inset-x-0 bottom-0 z-20 flex justify-around border-t border-slate-200 bg-white py-2 md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        {NAV.filter(({ isInBottomBar }) => isInBottomBar).map(({ to, key, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              cn(
                'flex flex-col items-center gap-1 px-2 text-xs',
                isActive ? 'text-indigo-700 dark:text-indigo-300' : 'text-slate-600 dark:text-slate-300',
              )
            }
          >
            <Icon className="h-5 w-5" aria-hidden="true" />
            {t(key)}
          </NavLink>
        ))}
        <AccountMenu placement="bottomBar" />
      </nav>
    </div>
  );
}
