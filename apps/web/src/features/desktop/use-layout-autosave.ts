import type { DesktopItem, DesktopLayoutEntry, DesktopTarget } from '@clipsync/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesktopCache } from '../../api/desktop-queries';
import { useSaveDesktopLayout } from '../../api/desktop-mutations';
import { useToast } from '../../ui/use-toast';

/** The layout is saved this long after its last change. */
export const LAYOUT_SAVE_DELAY_MS = 500;

/**
 * Shows a drag's or resize's result at once and saves it 500 ms after the last change: every
 * block moved meanwhile goes in one call. `isAnnounced` adds 'Layout saved' on success, once per save;
 * a failure always says 'Failed to save layout'. A save still waiting when the page closes goes at once.
 *
 * Until the server has confirmed a block's new place, answers to earlier saves and their live echoes
 * (`putItem`) do not put it back where it was: a key pressed while a save is on its way once lost its move.
 * Each block goes with the version it had when it was moved, so the server re-bases the drag onto changes
 * made elsewhere meanwhile (a block deleted since is left out) instead of refusing it.
 */
export function useLayoutAutosave(target: DesktopTarget, isAnnounced: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const cache = useDesktopCache(target);
  // Layouts shown here that the server has not confirmed: waiting for the timer (`waiting`) or sent.
  const unsaved = useRef(new Map<string, DesktopLayoutEntry>());
  const waiting = useRef(new Set<string>());
  const timer = useRef<number | undefined>(undefined);
  const { mutateAsync: save } = useSaveDesktopLayout(target, {
    onSuccess: () => {
      cache.moveItems([...unsaved.current.values()]);
      if (isAnnounced) toast.success({ title: t('desktop.layoutSaved') });
    },
    onError: () => toast.error({ title: t('desktop.saveLayoutFailed') }),
  });

  const saveQueued = useCallback(() => {
    window.clearTimeout(timer.current);
    const entries = [...waiting.current].flatMap((id) => unsaved.current.get(id) ?? []);
    waiting.current.clear();
    if (entries.length === 0) return;
    // Answered either way (a failure refetches the desktop): a later change of the same block stays.
    const settle = () => {
      for (const entry of entries) if (unsaved.current.get(entry.id) === entry) unsaved.current.delete(entry.id);
    };
    save(entries).then(settle, settle);
  }, [save]);
  // On leaving the page, what still waits is saved at once rather than lost.
  useEffect(() => saveQueued, [saveQueued]);

  return {
    queueLayout: (entries: readonly DesktopLayoutEntry[]) => {
      const versions = new Map(cache.current()?.items.map((item) => [item.id, item.version]));
      cache.moveItems(entries);
      for (const entry of entries) {
        unsaved.current.set(entry.id, { ...entry, version: versions.get(entry.id) });
        waiting.current.add(entry.id);
      }
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(saveQueued, LAYOUT_SAVE_DELAY_MS);
    },
    /** A block as another view (or an earlier save) left it, keeping a newer place of this page's. */
    putItem: (item: DesktopItem) => {
      cache.putItem(item);
      const newer = unsaved.current.get(item.id);
      if (newer) cache.moveItems([newer]);
    },
  };
}
