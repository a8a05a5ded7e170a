import { NearNonce, NearSignature, ResourceId } from '@clipsync/shared';
import { z } from 'zod';

/** The page a QR code of a nearness proof opens. */
export const NEAR_QR_PATH = '/devices/near';

/**
 * What a QR code carries to the other device, in the link's fragment (never sent to the server, never in
 * its logs): the challenge, its nonce, the device showing the code (A) with its signature, and the device
 * it is for (B), so B can tell a code meant for another device before it signs anything.
 */
const NearQrLink = z.object({
  c: ResourceId,
  n: NearNonce,
  a: ResourceId,
  b: ResourceId,
  s: NearSignature,
});
export interface NearQrLink {
  challengeId: string;
  nonce: string;
  issuerDeviceId: string;
  otherDeviceId: string;
  issuerSignature: string;
}

export function nearQrLink(origin: string, link: NearQrLink): string {
  const fragment = new URLSearchParams({
    c: link.challengeId,
    n: link.nonce,
    a: link.issuerDeviceId,
    b: link.otherDeviceId,
    s: link.issuerSignature,
  });
  return `${origin}${NEAR_QR_PATH}#${fragment.toString()}`;
}

/** The link's fragment (`#c=…`) read back; null when it is missing or not what a code carries. */
export function parseNearQrFragment(hash: string): NearQrLink | null {
  const parsed = NearQrLink.safeParse(Object.fromEntries(new URLSearchParams(hash.replace(/^#/, ''))));
  if (!parsed.success) return null;
  const { c, n, a, b, s } = parsed.data;
  return { challengeId: c, nonce: n, issuerDeviceId: a, otherDeviceId: b, issuerSignature: s };
}
