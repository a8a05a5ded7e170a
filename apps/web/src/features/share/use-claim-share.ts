import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SendContent } from '../../components/SendToDeviceDialog';
import { useClaimShare as useClaimMutation, useDiscardShareClaim, useShareClaim } from '../../api/share-claim-queries';
import type { SaveShareState } from './use-waiting-shares';

/** The fragment the server's `POST /share-target` redirects to: `/share#claim=<token>`. */
export function claimTokenOf(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('claim') ?? undefined;
}

/**
 * A share the server kept under a claim link (no service worker caught it): shown, then made one clip by
 * Save (which then opens) or dropped by Discard. A link already used, discarded or expired waits for nothing.
 * "Send to a device" (`prepareSend`) sends the text as it is, or claims the clip first when files wait.
 */
export function useClaimShare(token: string, onRefused: (message: string) => void) {
  const navigate = useNavigate();
  const waiting = useShareClaim(token);
  const claim = useClaimMutation();
  const discardClaim = useDiscardShareClaim();
  const [outcome, setOutcome] = useState<'failed' | 'discarded'>();

  const state: SaveShareState =
    claim.isPending || claim.isSuccess
      ? 'saving'
      : outcome === 'discarded' || waiting.isError
        ? 'nothing'
        : outcome === 'failed'
          ? 'failed'
          : waiting.data
            ? 'ready'
            : 'loading';

  /** What "Send to a device" sends: the text alone as text; with files, the clip claimed first. */
  const prepareSend = async (): Promise<SendContent | undefined> => {
    if (waiting.data && waiting.data.files.length === 0) return { text: waiting.data.content };
    try {
      const { clipId } = await claim.mutateAsync(token);
      return { clipId };
    } catch (error) {
      setOutcome('failed');
      onRefused(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };

  const save = () =>
    claim.mutate(token, {
      onSuccess: ({ clipId }) => void navigate(`/clips/${clipId}`, { replace: true }),
      onError: (error) => {
        setOutcome('failed');
        onRefused(error.message);
      },
    });
  const discard = () => discardClaim.mutate(token, { onSettled: () => setOutcome('discarded') });

  return { state, waiting: waiting.data, save, discard, prepareSend };
}
