import {
  Bell,
  Fingerprint,
  History,
  KeyRound,
  LockKeyhole,
  LogOut,
  MonitorSmartphone,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSsoSettings } from '../api/sso-queries';
import { LanguageSelect } from '../components/LanguageSelect';
import { OpenReportsBadge, useOpenReports } from '../components/OpenReportsBadge';
import { useAuth } from '../session/auth-context';
import { useLogOut } from '../session/use-log-out';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { Sheet, SheetContent, SheetTrigger } from '../ui/Sheet';
import { ThemeToggle } from '../ui/ThemeToggle';
import { LiveIndicator } from './LiveIndicator';
import { PlanStatusLink } from './PlanStatusLink';

interface AccountMenuProps {
  /** Where the trigger sits: the sidebar (a row, only the icon when collapsed) or the mobile bottom bar. */
  placement: 'sidebar' | 'bottomBar';
  isCollapsed?: boolean;
}

/**
 * Who is signed in, their plan, My devices, Access tokens, Notifications, Privacy, Sign-in with SSO (when the server has a
 * provider), Admin (admins only, with the count of open reports, shown on the trigger too), theme, language
 * and Log out (to /auth, or the 'Logout failed' toast).
 */
export function AccountMenu({ placement, isCollapsed = false }: AccountMenuProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const logOut = useLogOut();
  const [isOpen, setIsOpen] = useState(false);
  const openReports = useOpenReports();
  const triggerBadgeId = useId();
  const entryBadgeId = useId();
  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger
        aria-label={t('shell.openAccountMenu')}
        aria-describedby={openReports > 0 ? triggerBadgeId : undefined}
        title={isCollapsed ? t('shell.account') : undefined}
        className={cn(
          placement === 'sidebar'
            ? 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            : 'flex flex-col items-center gap-1 px-2 text-xs text-slate-600 dark:text-slate-300',
        )}
      >
        <span className="relative shrink-0">
          <UserRound className={placement === 'sidebar' ? 'h-4 w-4' : 'h-5 w-5'} aria-hidden="true" />
          <OpenReportsBadge
            id={triggerBadgeId}
            className="absolute -top-2 -right-3 min-w-4 px-1 text-[10px] leading-4"
          />
        </span>
        <span className={cn('truncate', isCollapsed && 'sr-only')}>
          {placement === 'sidebar' ? (user?.name ?? t('shell.account')) : t('shell.account')}
        </span>
      </SheetTrigger>
      <SheetContent title={user?.name ?? t('shell.account')} description={user?.email} closeLabel={t('common.close')}>
        <div className="flex flex-col gap-4">
          <LiveIndicator />
          <PlanStatusLink onNavigate={() => setIsOpen(false)} />
          <MenuLink to="/devices" icon={MonitorSmartphone} onNavigate={() => setIsOpen(false)}>
            {t('shell.myDevices')}
          </MenuLink>
          <MenuLink to="/settings/tokens" icon={KeyRound} onNavigate={() => setIsOpen(false)}>
            {t('shell.accessTokens')}
          </MenuLink>
          <MenuLink to="/settings/notifications" icon={Bell} onNavigate={() => setIsOpen(false)}>
            {t('push.title')}
          </MenuLink>
          <MenuLink to="/settings/privacy" icon={LockKeyhole} onNavigate={() => setIsOpen(false)}>
            {t('privacy.title')}
          </MenuLink>
          <MenuLink to="/settings/security-events" icon={History} onNavigate={() => setIsOpen(false)}>
            {t('audit.securityTitle')}
          </MenuLink>
          <SsoMenuLink onNavigate={() => setIsOpen(false)} />
          {user?.role === 'admin' && (
            <MenuLink
              to="/admin"
              icon={ShieldCheck}
              onNavigate={() => setIsOpen(false)}
              describedBy={openReports > 0 ? entryBadgeId : undefined}
            >
              {t('adminConsole.accountMenuLink')}
              <OpenReportsBadge id={entryBadgeId} className="ml-auto" />
            </MenuLink>
          )}
          <div className="flex items-center justify-between gap-2 text-sm">
            <span>{t('theme.label')}</span>
            <ThemeToggle />
          </div>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span>{t('shell.language')}</span>
            <LanguageSelect label={t('shell.language')} />
          </div>
          <Button variant="secondary" onClick={() => void logOut()}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t('nav.logout')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** The account's link to the team's provider: only on a server that signs in through one. */
function SsoMenuLink({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  if (!settings.data?.enabled) return null;
  return (
    <MenuLink to="/settings/sso" icon={Fingerprint} onNavigate={onNavigate}>
      {t('sso.settingsTitle')}
    </MenuLink>
  );
}

/** One of the menu's pages: following it closes the menu. */
function MenuLink({
  to,
  icon: Icon,
  onNavigate,
  describedBy,
  children,
}: {
  to: string;
  icon: LucideIcon;
  onNavigate: () => void;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-describedby={describedBy}
      className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
