import type { LanPeerNearness } from '@clipsync/shared';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * How near a LAN peer is, under its name: proved near to one of this user's devices (decision 030), or only
 * on the same network by address. A peer not labelled yet (announced, the list not asked again) shows nothing.
 */
export function PeerNearness({ nearness }: { nearness: LanPeerNearness | undefined }) {
  const { t } = useTranslation();
  if (nearness === 'verified') {
    return (
      <span className="flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-300">
        <ShieldCheck className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {t('lan.nearVerified')}
      </span>
    );
  }
  if (nearness === 'unverified') {
    return <span className="text-xs text-slate-600 dark:text-slate-300">{t('lan.nearUnverified')}</span>;
  }
  return null;
}
