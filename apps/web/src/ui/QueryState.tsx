import type { ReactNode } from 'react';
import { cn } from './cn';
import { Skeleton } from './Skeleton';
import { useErrorToast } from './use-error-toast';

/** What a list needs of its query (TanStack Query's result has it). */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

interface QueryStateProps<T> {
  query: ListQuery<T>;
  /** The skeleton shown while the first load runs, announced by its label. */
  loading: { label: string; rows?: number; rowClassName: string };
  /** Shown when the first load failed: the list's own failure and its way to retry. */
  failed: ReactNode;
  /** The toast when a later load fails (a refetch): what is on screen stays, as on the clip lists. */
  refreshFailed: string;
  /** Left out where an answer is never empty (a page of figures). */
  isEmpty?(data: T): boolean;
  /** The sentence that says there is nothing yet (or nothing that matches). */
  empty?: string;
  /** Spacing for whichever state is on screen (the list itself takes its own). */
  className?: string;
  children(data: T): ReactNode;
}

/** A query whose first load failed: it has nothing to show (a failed refetch keeps what it had on screen). */
export function hasFailedToLoad(query: { isError: boolean; data: unknown }): boolean {
  return query.isError && query.data === undefined;
}

/**
 * A page's states in one order: loading, failed, empty, then the list (or what the page shows). A failure is
 * never shown as the empty state, which would say there is nothing; a failed refetch leaves the list in place
 * and says so in a toast.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  refreshFailed,
  isEmpty,
  empty,
  className,
  children,
}: QueryStateProps<T>) {
  useErrorToast(query.isError && query.data !== undefined, refreshFailed);
  if (query.isPending) {
    return (
      <div role="status" aria-label={loading.label} className={cn('flex flex-col gap-3', className)}>
        {Array.from({ length: loading.rows ?? 1 }, (_, row) => (
          <Skeleton key={row} className={loading.rowClassName} />
        ))}
      </div>
    );
  }
  // Settled without data: its first load failed (hasFailedToLoad).
  if (query.data === undefined) return <>{failed}</>;
  if (isEmpty?.(query.data)) {
    return <p className={cn('text-sm text-slate-600 dark:text-slate-300', className)}>{empty}</p>;
  }
  return <>{children(query.data)}</>;
}
