import type { ClipShareSettings } from '@clipsync/shared';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShareOrigin } from '../api/network-queries';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { Dialog, DialogContent } from '../ui/Dialog';
import { Button } from '../ui/Button';
import { endedLinkOf, useEndedSentence } from './share-ended';
import { ShareLinkPanel } from './ShareLinkPanel';
import { ShareSettingsForm } from './ShareSettingsForm';

/** The public address of a clip: anyone holding it may read the clip. */
export const clipLink = (origin: string, clipId: string) => `${origin}/clips/${clipId}`;

/**
 * The id others open the owner's clip by: its link's own id once the owner set one, else the clip's id;
 * none once it is stopped or ended.
 */
export const linkIdOf = (clip: { id: string; share?: ClipShareSettings }) =>
  clip.share ? (endedLinkOf(clip.share) ? null : clip.share.linkId) : clip.id;

interface ShareClipDialogProps {
  clipId: string | null;
  /** The clip is the caller's: its link settings show under the link, which is the share's `linkId`. */
  isOwner?: boolean;
  /** The owner's link settings, as the clip's answer carries them (none: the default link). */
  share?: ClipShareSettings;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * The clip is end-to-end encrypted: its link works only with the key after `#` (`k=…`), which this
   * device may hold (null: it does not).
   */
  encryption?: { fragment: string | null };
}

/**
 * The sentence under the dialog's title: what a working link lets others do now, as its settings say (an
 * ended link has its own sentence: share-ended.ts).
 */
function linkStateSentence(share: ClipShareSettings | undefined): { key: string; count?: number } {
  if (!share) return { key: 'share.state.open' };
  if (share.linkId === null) return { key: 'share.state.stopped' };
  if (share.viewsLeft !== null) {
    return {
      key: share.hasPassword ? 'share.state.viewsLeftPassword' : 'share.state.viewsLeft',
      count: share.viewsLeft,
    };
  }
  return { key: share.hasPassword ? 'share.state.password' : 'share.state.open' };
}

/**
 * The Share Clip dialog: the read-only link with a copy button and its QR code (size 200, level H), and for
 * the owner the link's settings. Opened at localhost, the link uses the machine's network address instead,
 * and a note says so. Its body scrolls and Save stays in view, from a phone to a laptop's window.
 */
export function ShareClipDialog({ clipId, isOwner = false, share, onOpenChange, encryption }: ShareClipDialogProps) {
  const { t } = useTranslation();
  // The server's answer after a Save or a Stop, until the dialog closes: each opening starts from the clip's
  // stored settings.
  const [saved, setSaved] = useState<{ clipId: string; share: ClipShareSettings }>();
  const current = saved && saved.clipId === clipId ? saved.share : share;
  const sentence = linkStateSentence(isOwner ? current : undefined);
  // Said once, here: the body then offers "Share again" rather than repeat that there is no link.
  const ended = isOwner ? endedLinkOf(current) : null;
  const endedSentence = useEndedSentence();
  return (
    <Dialog
      open={clipId !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) setSaved(undefined);
        onOpenChange(isOpen);
      }}
    >
      <DialogContent
        title={t('share.title')}
        description={ended ? endedSentence(ended) : t(sentence.key, { count: sentence.count })}
        closeLabel={t('common.close')}
        className="flex max-h-[calc(100dvh-2rem)] flex-col"
        bodyClassName="flex min-h-0 flex-1 flex-col"
      >
        {clipId && (
          <ShareClipBody
            clipId={clipId}
            isOwner={isOwner}
            share={current}
            encryption={encryption}
            onSaved={(next) => setSaved({ clipId, share: next })}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening starts the form from the clip's stored settings. */
function ShareClipBody({
  clipId,
  isOwner = false,
  share,
  encryption,
  onSaved,
}: Omit<ShareClipDialogProps, 'onOpenChange'> & { clipId: string; onSaved: (share: ClipShareSettings) => void }) {
  const { t } = useTranslation();
  const { origin, lanHost } = useShareOrigin(true);
  const linkId = isOwner ? linkIdOf({ id: clipId, share }) : clipId;
  const isEnded = isOwner && endedLinkOf(share) !== null;
  // An ended link's settings are shown only once the owner asks to share again: no Save before that.
  const [isSharingAgain, setIsSharingAgain] = useState(false);
  // The key lives in the fragment, which browsers never send: the server's settings still apply on top.
  const fragment = encryption?.fragment;
  const link = (
    <>
      {encryption && <EncryptedShareNote clipId={clipId} isOwner={isOwner} />}
      {linkId && encryption && !fragment ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {t('encryption.shareNoKey')}
        </p>
      ) : linkId ? (
        <ShareLinkPanel
          link={`${clipLink(origin, linkId)}${fragment ? `#${fragment}` : ''}`}
          lanHost={lanHost}
          linkLabel={t('share.link')}
          qrLabel={t('share.qrLabel')}
          qrCaption={t('share.qrCaption')}
        />
      ) : (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
          {t(isEnded ? 'share.againHint' : 'share.notShared')}
        </p>
      )}
    </>
  );
  if (!isOwner) return <div className="-mx-1 -mt-1 min-h-0 flex-1 overflow-y-auto px-1 pt-1">{link}</div>;
  if (isEnded && !isSharingAgain) {
    return (
      <div className="flex justify-end">
        <Button type="button" onClick={() => setIsSharingAgain(true)}>
          {t('share.again')}
        </Button>
      </div>
    );
  }
  return (
    <ShareSettingsForm clipId={clipId} share={share} onChange={onSaved} isEncrypted={encryption !== undefined}>
      {link}
    </ShareSettingsForm>
  );
}

/**
 * An end-to-end encrypted clip has two passwords that have nothing to do with each other: the link's, which
 * the server asks for before it sends anything, and the encryption password chosen when the clip was made,
 * which decrypts it in the browser. The owner's device knows whether it set the second (its key store).
 */
function EncryptedShareNote({ clipId, isOwner }: { clipId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const stored = isOwner ? sealedKeyStore.get(clipId) : null;
  const passwordNote = stored
    ? stored.password
      ? 'encryption.sharePasswordSet'
      : 'encryption.sharePasswordNone'
    : 'encryption.sharePasswordMaybe';
  return (
    <div className="mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100">
      <p className="flex items-center gap-2 font-medium">
        <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {t('encryption.shareNote')}
      </p>
      <p className="mt-1">{t(passwordNote)}</p>
    </div>
  );
}
