import type { Clip } from '@clipsync/shared';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedClipboard } from '../../../components/LockedClipboard';
import { DecryptFailure } from '../sealed/DecryptFailure';
import { DecryptPasswordForm } from '../sealed/DecryptPasswordForm';
import { useOpenedClip, type ClipEncryption } from '../sealed/use-opened-clip';
import { ClipPageLayout, ClipPanel } from '../editor/ClipPageLayout';
import { SharedClipTitle } from './SharedClipTitle';

interface EncryptedClipGateProps {
  clip: Clip;
  /** The clip to show, its text opened; `encryption` is set for an end-to-end encrypted one. */
  children: (clip: Clip, encryption?: ClipEncryption) => ReactNode;
}

/**
 * Between a clip's answer and its page: an end-to-end encrypted clip is shown only once opened with its
 * key (and password); until then the page asks for the password, waits, says this device is locked, or that
 * it cannot be opened.
 */
export function EncryptedClipGate({ clip, children }: EncryptedClipGateProps) {
  const { t } = useTranslation();
  const opening = useOpenedClip(clip);
  if (opening.state === 'plain') return children(opening.clip);
  if (opening.state === 'open') return children(opening.clip, opening.encryption);
  return (
    <ClipPageLayout>
      <SharedClipTitle ownerName={clip.ownerName} isEncrypted />
      <ClipPanel>
        {opening.state === 'password' ? (
          <DecryptPasswordForm hasFailed={opening.hasFailed} onSubmit={opening.submit} />
        ) : opening.state === 'locked' ? (
          <LockedClipboard variant="clip" />
        ) : opening.state === 'failed' ? (
          <DecryptFailure isSealed={opening.isSealed} />
        ) : (
          <div
            role="status"
            className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300"
          >
            <Loader2 className="h-6 w-6 animate-spin text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t('encryption.opening')}
          </div>
        )}
      </ClipPanel>
    </ClipPageLayout>
  );
}
