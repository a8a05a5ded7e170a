import { isDesktopFileUrl, type LanDesktopData, type LanPeerNearness } from '@clipsync/shared';
import { Copy, Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../components/use-file-download';
import { Button } from '../../ui/Button';
import { PeerNearness } from './PeerNearness';
import type { LanSessionView } from './use-lan-session';
import { useCopyBlockText } from './use-copy-block-text';

/**
 * One block of a peer's desktop: text with Copy, a file with Download. A file is fetched only at the address
 * shape this server gives desktop files: a peer's desktop is whatever that device sent, and a link
 * elsewhere (a room's join address) would act as the viewer.
 */
function PeerBlock({ item }: { item: LanDesktopData['items'][number] }) {
  const { t } = useTranslation();
  const copyBlockText = useCopyBlockText();
  const download = useFileDownload({ startedKey: 'desktop.downloadStarted' });
  const fileUrl = isDesktopFileUrl(item.file_url) ? item.file_url : null;
  const copy = () => copyBlockText(item.content);
  const isFile = item.type === 'file';
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <span className="min-w-0 text-sm wrap-anywhere whitespace-pre-wrap">
        {isFile ? item.file_name : item.content}
      </span>
      {isFile ? (
        fileUrl && (
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0"
            aria-label={`${t('desktop.download')}: ${item.file_name ?? ''}`}
            onClick={() => void download({ url: fileUrl, name: item.file_name ?? '' })}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('desktop.download')}
          </Button>
        )
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          aria-label={`${t('desktop.copy')}: ${item.content.slice(0, 60)}`}
          onClick={() => void copy()}
        >
          <Copy className="h-4 w-4" aria-hidden="true" />
          {t('desktop.copy')}
        </Button>
      )}
    </li>
  );
}

function PeerPanel({
  name,
  nearness,
  desktop,
  onClose,
}: {
  name: string;
  nearness: LanPeerNearness | undefined;
  /** Null once the host stopped sharing it. */
  desktop: LanDesktopData | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = t('lan.peerDesktop', { name });
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 className="text-base font-semibold wrap-anywhere">{title}</h2>
          <PeerNearness nearness={nearness} />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0 px-2"
          aria-label={t('lan.closePeerDesktop', { name })}
          onClick={onClose}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {!desktop ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('desktop.noLongerShared')}
        </p>
      ) : desktop.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('lan.peerDesktopEmpty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {desktop.items.map((item) => (
            <PeerBlock key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface PanelEntry {
  peerId: string;
  name: string;
  /** Unknown once the host left the list (its share ended). */
  nearness: LanPeerNearness | undefined;
  desktop: LanDesktopData | null;
}

/** The desktops of the hosts this device connected to, on the page itself: they stay when the dialog closes. */
export function LanPeerPanels({ session }: { session: LanSessionView }) {
  const live = Object.entries(session.connected)
    .filter(([peerId]) => !session.hidden.includes(peerId))
    .map(([peerId, desktop]): PanelEntry => {
      const peer = session.peers.find((listed) => listed.id === peerId);
      return { peerId, name: peer?.name ?? '', nearness: peer?.nearness, desktop };
    });
  const ended = Object.entries(session.ended).map(([peerId, name]): PanelEntry => ({
    peerId,
    name,
    nearness: undefined,
    desktop: null,
  }));
  const panels = [...live, ...ended];
  if (panels.length === 0) return null;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {panels.map(({ peerId, name, nearness, desktop }) => (
        <PeerPanel
          key={peerId}
          name={name}
          nearness={nearness}
          desktop={desktop}
          onClose={() => session.closePanel(peerId)}
        />
      ))}
    </div>
  );
}
