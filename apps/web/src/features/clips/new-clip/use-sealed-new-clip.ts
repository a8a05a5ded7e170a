import type { Clip } from '@clipsync/shared';
import { ShareKey } from '@clipsync/shared/crypto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sealedKeyStore } from '../../../lib/sealed-key-store';
import { useToast } from '../../../ui/use-toast';
import { clipSealer, maxSealedTextBytes, type ClipSealer } from '../../../lib/clip-sealer';

/** The encrypted clip once made: its key's seal for later saves, and the fragment its link carries. */
export interface SealedClip {
  clip: Clip;
  seal: ClipSealer;
  fragment: string;
}

/**
 * The new clip's "End-to-end encrypted" choice (off by default) with its optional password, and the
 * making of the encrypted clip on the first Save: a fresh key, the text sealed (its envelope checked
 * against the 1 000 000 characters first), the clip created with `encrypted: true`, and the key kept
 * for the owner on this device only. The key never leaves the browser; the link carries it after `#`.
 */
export function useSealedNewClip() {
  const { t } = useTranslation();
  const toast = useToast();
  const [isWanted, setIsWanted] = useState(false);
  const [password, setPassword] = useState('');
  const [isSealing, setIsSealing] = useState(false);
  const [made, setMade] = useState<SealedClip | null>(null);

  const create = async (text: string, createClip: (envelope: string) => Promise<Clip>) => {
    const key = ShareKey.generate({ password });
    const seal = clipSealer(key);
    if (!seal.fits(text)) {
      const max = maxSealedTextBytes(key.hasPassword).toLocaleString();
      toast.error({ title: t('encryption.tooLong'), description: t('encryption.tooLongBody', { max }) });
      return null;
    }
    setIsSealing(true);
    try {
      const clip = await createClip(await seal.sealText(text));
      sealedKeyStore.remember(clip.id, { fragment: key.fragment, password: password || undefined });
      const sealed = { clip, seal, fragment: key.fragment };
      setMade(sealed);
      return sealed;
    } catch {
      toast.error({ title: t('editor.saveFailed') });
      return null;
    } finally {
      setIsSealing(false);
    }
  };

  return {
    isWanted,
    /** Locked once the clip is made: it stays encrypted, or not, for good. */
    setIsWanted: (wanted: boolean) => !made && setIsWanted(wanted),
    password,
    setPassword,
    isSealing,
    made,
    create,
  };
}

export type SealedNewClip = ReturnType<typeof useSealedNewClip>;
