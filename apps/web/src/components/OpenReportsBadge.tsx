import { useTranslation } from 'react-i18next';
import { useOpenReportCount } from '../api/moderation-queries';
import { useAuth } from '../session/auth-context';
import { cn } from '../ui/cn';

/** How many reported items wait: for an admin only (0 for anyone else, who never asks). */
export function useOpenReports(): number {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const count = useOpenReportCount(isAdmin);
  return isAdmin ? (count.data ?? 0) : 0;
}

/**
 * The count of open reports beside the console's entries (the account menu and its Admin entry, the Reports
 * tab); nothing when none waits. The figure is seen; its words, under `id`, are the entry's description
 * (`aria-describedby`), so the entry keeps its name ("Reports") and is described as "2 open reports".
 */
export function OpenReportsBadge({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const count = useOpenReports();
  if (count === 0) return null;
  return (
    <>
      <span
        data-testid="open-reports-badge"
        aria-hidden="true"
        className={cn(
          'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white',
          className,
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
      <span id={id} hidden>
        {t('adminConsole.openReports', { count })}
      </span>
    </>
  );
}
