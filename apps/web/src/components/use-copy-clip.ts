import type { Clip } from '@clipsync/shared';
import { useTranslation } from 'react-i18next';
import { ShareKey } from '@clipsync/shared/crypto';
import { fetchFile } from '../api/client';
import { canCopyImage, copyImage, copyText, isPreviewableImage } from '../lib/browser-files';
import { clipKeyOf } from '../lib/clipboard-key/clip-keys';
import { openText } from '../lib/opened-texts';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { useSealedClipboard } from '../session/use-sealed-clipboard';
import { useToast } from '../ui/use-toast';
import { clipLink, linkIdOf } from './ShareClipDialog';

/** An image file's bytes, typed as the clipboard item expects them. */
async function fetchImage(url: string, mediaType: string): Promise<Blob> {
  const response = await fetchFile(url);
  const blob = await response.blob();
  return blob.type === mediaType ? blob : new Blob([blob], { type: mediaType });
}

/** An end-to-end encrypted clip's key on this device: its sealed clipboard's, or the one kept for its owner. */
async function keyOf(clip: Clip, sealingKey: CryptoKey | null): Promise<ShareKey | null> {
  if (clip.wrappedKey) return sealingKey && clipKeyOf(sealingKey, clip.wrappedKey);
  const stored = sealedKeyStore.get(clip.id);
  return stored && ShareKey.fromFragment(stored.fragment, { password: stored.password });
}

/**
 * A card's one-click copy (an encrypted clip's text opened first, never its envelope): the clip's text ('Copied!'); for a clip without text, its image where the
 * browser can hold one, else its link ('Link copied'). Any failure is the 'Failed to copy' toast.
 */
export function useCopyClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const sealed = useSealedClipboard();
  const sealingKey = sealed.state === 'unlocked' ? sealed.sealingKey : null;
  return async (clip: Clip) => {
    const image = clip.content || clip.encrypted ? undefined : clip.files.find((file) => isPreviewableImage(file.type));
    try {
      const key = clip.encrypted ? await keyOf(clip, sealingKey) : null;
      if (clip.encrypted && clip.content) {
        if (!key) throw new Error('The key to this clip is not on this device');
        await copyText(await openText(clip.content, key));
      } else if (clip.content) {
        await copyText(clip.content);
      } else if (image && canCopyImage(image.type)) {
        await copyImage(image.type, fetchImage(image.url, image.type));
      } else {
        // An encrypted clip of files only: its link, with the key when this device holds it.
        const link = clipLink(window.location.origin, linkIdOf(clip) ?? clip.id);
        await copyText(key ? `${link}#${key.fragment}` : link);
        toast.success({ title: t('share.linkCopied') });
        return;
      }
      toast.success({ title: t('cards.copied') });
    } catch {
      toast.error({ title: t('share.copyFailed'), description: t('share.copyFailedBody') });
    }
  };
}
