import type { ReactNode } from 'react';
import { cn } from './cn';
import { Skeleton } from './Skeleton';

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
  /** Shown when the load failed: the list's own failure and its way to retry. */
  failed: ReactNode;
  /** Left out where an answer is never empty (a page of figures). */
  isEmpty?(data: T): boolean;
  /** The sentence that says there is nothing yet (or nothing that matches). */
  empty?: string;
  /** Spacing for whichever state is on screen (the list itself takes its own). */
  className?: string;
  children(data: T): ReactNode;
}

/**
 * A page's states in one order: loading, failed, empty, then the list (or what the page shows). A failure is
 * never shown as the empty state, which would say there is nothing.
 */
export function QueryState<T>({ query, loading, failed, isEmpty, empty, className, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={loading.label} className={cn('flex flex-col gap-3', className)}>
        {Array.from({ length: loading.rows ?? 1 }, (_, row) => (
          <Skeleton key={row} className={loading.rowClassName} />
        ))}
      </div>
    );
  }
  if (query.isError || query.data === undefined) return <>{failed}</>;
  if (isEmpty?.(query.data)) {
    return <p className={cn('text-sm text-slate-600 dark:text-slate-300', className)}>{empty}</p>;
  }
  return <>{children(query.data)}</>;
}
