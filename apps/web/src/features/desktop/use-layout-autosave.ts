import type { DesktopLayoutEntry, DesktopTarget } from '@clipsync/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesktopCache } from '../../api/desktop-queries';
import { useSaveDesktopLayout } from '../../api/desktop-mutations';
import { useToast } from '../../ui/use-toast';

/** SPEC §9: the layout is saved this long after its last change. */
export const LAYOUT_SAVE_DELAY_MS = 500;

/**
 * Shows a drag's or resize's result at once and saves it 500 ms after the last change (SPEC §9): every
 * block moved meanwhile goes in one call. `isAnnounced` adds 'Layout saved' on success, once per save;
 * a failure always says 'Failed to save layout'. A save still waiting when the page closes goes at once.
 */
export function useLayoutAutosave(target: DesktopTarget, isAnnounced: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const cache = useDesktopCache(target);
  const { mutate: save } = useSaveDesktopLayout(target, {
    onSuccess: () => isAnnounced && toast.success({ title: t('desktop.layoutSaved') }),
    onError: () => toast.error({ title: t('desktop.saveLayoutFailed') }),
  });
  const pending = useRef(new Map<string, DesktopLayoutEntry>());
  const timer = useRef<number | undefined>(undefined);

  const saveQueued = useCallback(() => {
    window.clearTimeout(timer.current);
    const entries = [...pending.current.values()];
    pending.current.clear();
    if (entries.length > 0) save(entries);
  }, [save]);
  // On leaving the page, what still waits is saved at once rather than lost.
  useEffect(() => saveQueued, [saveQueued]);

  return (entries: readonly DesktopLayoutEntry[]) => {
    cache.moveItems(entries);
    for (const entry of entries) pending.current.set(entry.id, entry);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(saveQueued, LAYOUT_SAVE_DELAY_MS);
  };
}
