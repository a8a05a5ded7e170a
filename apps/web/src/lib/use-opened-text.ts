import type { ShareKey } from '@clipsync/shared/crypto';
import { useEffect, useState } from 'react';
import { openText, openedTextOf } from './opened-texts';

interface OpenedText {
  key: ShareKey;
  envelope: string;
  value?: string;
  hasFailed: boolean;
}

/** The text of `envelope`, or the last one opened while a newer envelope is being opened. */
export function useOpenedText(envelope: string | null, key: ShareKey | null) {
  const [last, setLast] = useState<OpenedText | null>(null);
  const cached = envelope !== null && key ? openedTextOf(key, envelope) : undefined;
  useEffect(() => {
    if (envelope === null || !key || cached !== undefined) return;
    let isCurrent = true;
    openText(envelope, key).then(
      (value) => isCurrent && setLast({ key, envelope, value, hasFailed: false }),
      () => isCurrent && setLast({ key, envelope, hasFailed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [envelope, key, cached]);
  if (cached !== undefined) return { value: cached, hasFailed: false };
  const isSameKey = last !== null && last.key === key;
  if (isSameKey && last.envelope === envelope) return { value: last.value, hasFailed: last.hasFailed };
  // A newer envelope is still being opened: the last text stays until it is.
  return { value: isSameKey ? last.value : undefined, hasFailed: false };
}
