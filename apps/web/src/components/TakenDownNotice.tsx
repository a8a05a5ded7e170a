import type { Takedown } from '@clipsync/shared';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What a visitor sees in place of a taken-down item: the operator's removal, nothing of the item. */
export function TakenDownMessage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <ShieldAlert className="h-8 w-8 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <p role="alert" className="font-medium text-slate-800 dark:text-slate-100">
        {t('moderation.takenDown')}
      </p>
    </div>
  );
}

/** The owner's notice on their own taken-down item: why, and that others cannot open its link meanwhile. */
export function TakedownOwnerNotice({ takedown }: { takedown: Takedown }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('moderation.ownerNotice', { reason: takedown.reason })}
    </p>
  );
}
