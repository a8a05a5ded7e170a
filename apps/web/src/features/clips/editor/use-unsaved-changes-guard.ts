import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Typed text and chosen files are not thrown away unasked: closing or reloading the tab gets the
 * browser's own warning, and leaving inside the app asks first.
 */
export function useUnsavedChangesGuard(hasUnsavedChanges: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(hasUnsavedChanges);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('editor.leaveUnsaved'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);
}
