import { useMutation } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NearCheckButton } from '../../components/NearCheckButton';
import { DEVICE_NAME_MAX } from '../../lib/device-name';
import { hasWebRtc } from '../../lib/near/near-link';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Switch } from '../../ui/Switch';
import { PeerNearness } from './PeerNearness';
import type { LanSessionView } from './use-lan-session';

interface LanShareDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  session: LanSessionView;
  /** How many blocks this device's desktop has: said before it is shared. */
  blockCount: number;
}

/** This device's name as peers see it, renamed here (kept in this browser). */
function DeviceNameForm({ session }: { session: LanSessionView }) {
  const { t } = useTranslation();
  const [name, setName] = useState(session.deviceName);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        session.rename(name);
      }}
    >
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor="lan-device-name" className="mb-1 block text-sm font-medium">
          {t('lan.deviceName')}
        </label>
        <Input
          id="lan-device-name"
          value={name}
          maxLength={DEVICE_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={name.trim() === '' || name.trim() === session.deviceName}>
        {t('lan.rename')}
      </Button>
    </form>
  );
}

/** Proves this device near a listed peer over a direct link; the list then labels it verified. */
function CheckPeerNearby({ session, peerId }: { session: LanSessionView; peerId: string }) {
  return <NearCheckButton check={useMutation({ mutationFn: () => session.checkNearby(peerId) })} />;
}

/**
 * 'LAN Discovery': the network's hosts, Connect, Auto-Connect and Stop (looking, and sharing if it shares,
 * closing the dialog); and this device's own desktop, shared only once its user read what will be visible,
 * and for how long, and pressed Share my desktop.
 */
export function LanShareDialog({ isOpen, onOpenChange, session, blockCount }: LanShareDialogProps) {
  const { t } = useTranslation();
  const canCheck = hasWebRtc();
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('lan.title')} description={t('lan.description')} closeLabel={t('common.close')}>
        <div className="space-y-4">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="lan-auto-connect" className="text-sm font-medium">
              {t('lan.autoConnect')}
            </label>
            <Switch id="lan-auto-connect" checked={session.isAutoConnect} onCheckedChange={session.setAutoConnect} />
          </div>
          {session.peers.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('lan.noPeers')}</p>
          ) : (
            <ul aria-label={t('lan.peers')} className="space-y-2">
              {session.peers.map((peer) => {
                const isConnected = Boolean(session.connected[peer.id]) && !session.hidden.includes(peer.id);
                return (
                  <li key={peer.id} className="flex items-center justify-between gap-3">
                    <span className="flex min-w-0 flex-col items-start gap-1">
                      <span className="text-sm wrap-anywhere">{peer.name}</span>
                      <PeerNearness nearness={peer.nearness} />
                      {canCheck && peer.nearness !== 'verified' && (
                        <CheckPeerNearby session={session} peerId={peer.id} />
                      )}
                    </span>
                    <Button
                      variant="secondary"
                      disabled={isConnected}
                      onClick={() => session.connect(peer.id)}
                      aria-label={t(isConnected ? 'lan.connectedTo' : 'lan.connectTo', { name: peer.name })}
                    >
                      {t(isConnected ? 'lan.connected' : 'lan.connect')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <DeviceNameForm session={session} />
            {session.isHosting ? (
              <>
                <p className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-300">
                  <Radio className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {t('lan.sharing')}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('lan.whilePageOpen')}</p>
                <Button variant="secondary" size="sm" onClick={session.stopSharing}>
                  {t('lan.stopSharing')}
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {t('lan.shareSummary', { count: blockCount })}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{t('lan.whilePageOpen')}</p>
                <Button size="sm" onClick={session.share}>
                  {t('lan.shareMyDesktop')}
                </Button>
              </>
            )}
          </div>
          {(session.isDiscovering || session.isHosting) && (
            <div className="flex justify-end">
              {/* SPEC's Stop, named for what it ends: before anything is shared, only the looking. Nothing is
                  lost by it, so it is not red. */}
              <Button
                variant="secondary"
                onClick={() => {
                  session.stop();
                  onOpenChange(false);
                }}
              >
                {t(session.isHosting ? 'lan.stopSharingAndLooking' : 'lan.stopLooking')}
              </Button>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
