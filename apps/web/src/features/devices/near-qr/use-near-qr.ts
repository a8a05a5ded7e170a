import { nearProofText, type Device } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { useDeviceCache, useRegisterThisDevice } from '../../../api/device-queries';
import { nearnessApi } from '../../../api/nearness-api';
import { useShareOrigin } from '../../../api/network-queries';
import { thisDeviceRegistration } from '../../../lib/this-device';
import { useAuth } from '../../../session/auth-context';
import type { DeviceSigner } from './device-signer';
import { nearQrLink, type NearQrLink } from './near-qr-link';

/** This browser's own registration as a device (DeviceInbox asks for it on every signed-in page; cached). */
export function useThisDevice() {
  const { user, status } = useAuth();
  const [registration] = useState(thisDeviceRegistration);
  return useRegisterThisDevice(status === 'signedIn' ? user?.id : undefined, registration);
}

/** A code on show: the link the QR code carries and when its challenge expires. */
export interface ShownNearCode {
  link: string;
  expiresAt: string;
}

/**
 * Device A's side: a challenge for A and `other`, A's own signature over the proof's text, and the link of
 * the QR code that carries both to `other`'s camera. `show()` again makes a new code (a new challenge).
 */
export function useShowNearCode(other: Device, signer: DeviceSigner) {
  const thisDevice = useThisDevice();
  const { origin } = useShareOrigin(true);
  return useMutation({
    mutationFn: async (): Promise<ShownNearCode> => {
      const issuerDeviceId = thisDevice.data?.id;
      if (!issuerDeviceId) throw new Error('This browser is not registered as a device yet');
      const challenge = await nearnessApi.createChallenge({ withDeviceId: other.id });
      const text = nearProofText({ ...challenge, issuerDeviceId, otherDeviceId: other.id });
      const issuerSignature = await signer.sign(text);
      const link = nearQrLink(origin, { ...challenge, issuerDeviceId, otherDeviceId: other.id, issuerSignature });
      return { link, expiresAt: challenge.expiresAt };
    },
  });
}

/** Whole seconds until `iso`, counted down each second (0 once past). */
export function useSecondsLeft(iso: string): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** Why a scanned code proved nothing: spent, expired or not this pair's (the server's one 403, or 404), or anything else. */
export type ScannedCodeFailure = 'expired' | 'failed';

export function scannedCodeFailure(error: unknown): ScannedCodeFailure {
  return error instanceof ApiError && (error.status === 403 || error.status === 404) ? 'expired' : 'failed';
}

/**
 * Device B's side: once this device is known to be the code's other device, it signs the same text with
 * its own key and posts the proof with both signatures, once per code (a re-render or React's second
 * effect does not post again: the first post spends the challenge).
 */
export function useProveScannedCode(code: NearQrLink | null, thisDeviceId: string | undefined, signer: DeviceSigner) {
  const cache = useDeviceCache();
  const proof = useMutation({
    mutationFn: async (scanned: NearQrLink) => {
      const ownSignature = await signer.sign(nearProofText(scanned));
      return nearnessApi.prove(scanned.challengeId, {
        signatures: { [scanned.issuerDeviceId]: scanned.issuerSignature, [scanned.otherDeviceId]: ownSignature },
      });
    },
    onSuccess: () => void cache.refetchList(),
  });
  const { mutate } = proof;
  const posted = useRef<string | null>(null);
  const isForThisDevice = Boolean(code && thisDeviceId === code.otherDeviceId);
  useEffect(() => {
    if (!code || !isForThisDevice || posted.current === code.challengeId) return;
    posted.current = code.challengeId;
    mutate(code);
  }, [code, isForThisDevice, mutate]);
  return { proof, isForThisDevice };
}
