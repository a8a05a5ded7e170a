import { isDesktopFileUrl, type LanDesktopData } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { Switch } from '../../ui/Switch';
import type { LanSessionView } from './use-lan-session';

interface LanShareDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  session: LanSessionView;
}

/**
 * A connected peer's desktop, read-only: text blocks by content, file blocks as links to their files. A
 * file link is followed only in the shape this server gives desktop files: a peer's desktop is whatever
 * that device sent, and a link elsewhere (a room's join address) would act as the viewer.
 */
function PeerDesktop({ name, desktop }: { name: string; desktop: LanDesktopData }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('lan.peerDesktop', { name })} className="rounded-lg border p-3 dark:border-slate-700">
      <h3 className="mb-2 text-sm font-semibold">{t('lan.peerDesktop', { name })}</h3>
      {desktop.items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('lan.peerDesktopEmpty')}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {desktop.items.map((item) => (
            <li key={item.id} className="break-words">
              {isDesktopFileUrl(item.file_url) ? (
                <a href={item.file_url} target="_blank" rel="noreferrer" className="text-indigo-600 underline">
                  {item.file_name ?? item.content}
                </a>
              ) : (
                <span className="whitespace-pre-wrap">{item.type === 'file' ? item.file_name : item.content}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'LAN Discovery': the network's hosts, Connect, Auto-Connect, Stop and the connected desktops. */
export function LanShareDialog({ isOpen, onOpenChange, session }: LanShareDialogProps) {
  const { t } = useTranslation();
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
                const isConnected = Boolean(session.connected[peer.id]);
                return (
                  <li key={peer.id} className="flex items-center justify-between gap-3">
                    <span className="text-sm">{peer.name}</span>
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
          {session.peers.map((peer) => {
            const desktop = session.connected[peer.id];
            return desktop && <PeerDesktop key={peer.id} name={peer.name} desktop={desktop} />;
          })}
          <div className="flex justify-end">
            <Button variant="destructive" onClick={session.stop}>
              {t('lan.stop')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
