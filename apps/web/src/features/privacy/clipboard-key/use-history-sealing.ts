import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { historySealingCalls } from '../../../api/clip-sealing-calls';
import { clipboardKeyKeys } from '../../../api/clipboard-key-queries';
import { clipKeys } from '../../../api/query-keys';
import { sealHistory, type SealingProgress } from '../../../lib/clipboard-key/history-sealing';

export type HistorySealingState =
  | { phase: 'running'; progress: SealingProgress }
  | { phase: 'done'; progress: SealingProgress }
  /** The list call failed (offline, signed out): what is not sealed yet waits for the next try. */
  | { phase: 'stopped'; progress: SealingProgress };

const STARTING: HistorySealingState = { phase: 'running', progress: { done: 0, failed: 0 } };

/**
 * Seals (or unseals) the history from this device, started at once when `start` is set and again by `retry`.
 * Leaving the page stops it between two clips; the server lists what is left, so it resumes the next time. When
 * it ends the key's counts and the lists are read again.
 */
export function useHistorySealing(
  direction: 'seal' | 'unseal',
  sealingKey: CryptoKey,
  start: boolean,
  onDone?: (progress: SealingProgress) => void,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<HistorySealingState | null>(null);
  const [attempt, setAttempt] = useState(0);

  const run = useEffectEvent((signal: AbortSignal) => {
    sealHistory(direction, sealingKey, historySealingCalls, {
      signal,
      onProgress: (progress) => setState({ phase: 'running', progress }),
    })
      .then(
        (progress) => {
          setState({ phase: 'done', progress });
          onDone?.(progress);
        },
        () => !signal.aborted && setState((last) => ({ phase: 'stopped', progress: (last ?? STARTING).progress })),
      )
      .finally(() => {
        if (signal.aborted) return;
        void queryClient.invalidateQueries({ queryKey: clipboardKeyKeys.status });
        void queryClient.invalidateQueries({ queryKey: clipKeys.all });
      });
  });

  useEffect(() => {
    if (!start && attempt === 0) return;
    const controller = new AbortController();
    run(controller.signal);
    return () => controller.abort();
  }, [start, attempt]);

  return {
    // Running from the first render it is asked for, before the first clip is done.
    state: state ?? (start ? STARTING : null),
    retry: () => {
      setState(STARTING);
      setAttempt((count) => count + 1);
    },
  };
}
