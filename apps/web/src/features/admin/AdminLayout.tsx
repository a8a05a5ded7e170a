import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { OpenReportsBadge, useOpenReports } from '../../components/OpenReportsBadge';
import { cn } from '../../ui/cn';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * The admin console's frame: its sections as a row of links that scrolls sideways on a phone, the section's
 * page below. Inside the signed-in frame, so the app's own navigation stays at hand. On a phone the row is
 * wider than the screen: the current section is scrolled into view, never left cut at its edge.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const openReports = useOpenReports();
  const reportsBadgeId = useId();
  // Again when the Reports tab's badge comes or changes: it widens that tab and pushes the ones after it.
  useEffect(() => {
    // jsdom has no scrollIntoView.
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, openReports]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        {t('adminConsole.title')}
      </p>
      <nav ref={navRef} aria-label={t('adminConsole.navLabel')} className="mt-2 -mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink
                to={section.path}
                aria-describedby={section.path === '/admin/reports' && openReports > 0 ? reportsBadgeId : undefined}
                end={section.path === '/admin'}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium',
                    isActive
                      ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                  )
                }
              >
                {t(section.labelKey)}
                {section.path === '/admin/reports' && <OpenReportsBadge id={reportsBadgeId} className="ml-2" />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
