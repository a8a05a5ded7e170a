import { NEAR_CHALLENGE_TTL_MS, NEARNESS_ENDPOINTS, nearProofText, type Device } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { call } from '../../../api/client';
import { useDeviceCache, useRegisterThisDevice } from '../../../api/device-queries';
import { thisDeviceRegistration } from '../../../lib/this-device';
import { useAuth } from '../../../session/auth-context';
import type { DeviceSigner } from './sign-with-device-key';
import type { NearQrLink } from './near-qr-link';

/** This browser's own registration as a device (DeviceInbox asks for it on every signed-in page; cached). */
export function useThisDevice() {
  const { user, status } = useAuth();
  const [registration] = useState(thisDeviceRegistration);
  return useRegisterThisDevice(status === 'signedIn' ? user?.id : undefined, registration);
}

/** A code to show: what its link carries, and when (this device's clock) its challenge expires. */
export interface SignedNearCode {
  code: NearQrLink;
  expiresAt: number;
}

/**
 * Device A's side: a challenge for A and `other`, and A's own signature over the proof's text, which the
 * QR code's link carries to `other`'s camera. `mutate()` again makes a new code (a new challenge).
 */
export function useSignedNearCode(other: Device, signer: DeviceSigner) {
  const thisDevice = useThisDevice();
  return useMutation({
    mutationFn: async (): Promise<SignedNearCode> => {
      const issuerDeviceId = thisDevice.data?.id;
      if (!issuerDeviceId) throw new Error('This browser is not registered as a device yet');
      // Counted from before the request, on this device's clock: a clock set wrong shows the right time left.
      const askedAt = Date.now();
      const { challengeId, nonce } = await call(NEARNESS_ENDPOINTS.createChallenge, {
        body: { withDeviceId: other.id },
      });
      const code = { challengeId, nonce, issuerDeviceId, otherDeviceId: other.id };
      const issuerSignature = await signer.sign(nearProofText(code));
      return { code: { ...code, issuerSignature }, expiresAt: askedAt + NEAR_CHALLENGE_TTL_MS };
    },
  });
}

/** Whole seconds until `deadline` (epoch ms), counted down each second (0 once past). */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
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
      const signatures = { [scanned.issuerDeviceId]: scanned.issuerSignature, [scanned.otherDeviceId]: ownSignature };
      return call(NEARNESS_ENDPOINTS.proof, { params: { challengeId: scanned.challengeId }, body: { signatures } });
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
