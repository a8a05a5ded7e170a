import { useEffect } from 'react';
import { useToast } from '../../ui/use-toast';

/** Raises a destructive toast once each time a query turns into an error (SPEC §8 list texts). */
export function useErrorToast(isError: boolean, title: string, description?: string): void {
  const toast = useToast();
  useEffect(() => {
    if (isError) toast.error({ title, description });
    // The toast helpers are stable in behaviour; only a new error should raise a new toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, title, description]);
}
