import { useEffect } from 'react';
import { useToast } from './use-toast';

/** Raises a destructive toast once each time a query turns into an error ('Error loading clips' and the like). */
export function useErrorToast(isError: boolean, title: string, description?: string): void {
  const toast = useToast();
  useEffect(() => {
    if (isError) toast.error({ title, description });
  }, [isError, title, description, toast]);
}
