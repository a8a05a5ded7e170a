import { nearProofText } from '@clipsync/shared';
import { requestOverChannel } from './channel-request';
import { parseJsonFrame } from './json-frame';
import type { NearPort } from './near-port';

/** How long the prover waits for the other device's signature once the channel is open. */
export const PEER_SIGNATURE_TIMEOUT_MS = 10_000;

/** What the issuer (the prover) asks the other device to sign, over the data channel only. */
export interface ProveRequest {
  challengeId: string;
  nonce: string;
  issuer: string;
  other: string;
}

const textOf = (request: ProveRequest) =>
  nearProofText({
    challengeId: request.challengeId,
    nonce: request.nonce,
    issuerDeviceId: request.issuer,
    otherDeviceId: request.other,
  });

/** The prover's side: sends the challenge, resolves with the other device's signature. */
export function requestPeerSignature(
  port: NearPort,
  request: ProveRequest,
  timeoutMs = PEER_SIGNATURE_TIMEOUT_MS,
): Promise<string> {
  return requestOverChannel(
    port,
    { t: 'prove', ...request },
    (frame) => {
      if (frame.t === 'signed' && typeof frame.signature === 'string') return frame.signature;
      return frame.t === 'refused' ? new Error('The other device refused to sign') : undefined;
    },
    { timeoutMs, late: 'The other device did not sign in time', closed: 'The channel closed before the signature' },
  );
}

/** The issuer's text this device signs with `sign`, or null when the request is not for this pair. */
export function proofTextToSign(frame: Record<string, unknown>, pair: { self: string; peer: string }): string | null {
  const { challengeId, nonce, issuer, other } = frame;
  if (typeof challengeId !== 'string' || typeof nonce !== 'string') return null;
  // The peer on the other end is the issuer and this device the other one, never any ids it is handed.
  if (issuer !== pair.peer || other !== pair.self) return null;
  return textOf({ challengeId, nonce, issuer, other });
}

/** The responder's side: answers every `prove` on the channel with this device's signature or a refusal. */
export function answerProveRequests(
  port: NearPort,
  pair: { self: string; peer: string },
  sign: (text: string) => Promise<string>,
): () => void {
  return port.onMessage((data) => {
    const frame = parseJsonFrame(data);
    if (frame?.t !== 'prove') return;
    const text = proofTextToSign(frame, pair);
    const challengeId = frame.challengeId;
    const refuse = () => port.isOpen && port.send(JSON.stringify({ t: 'refused', challengeId }));
    if (!text) return void refuse();
    sign(text).then((signature) => port.send(JSON.stringify({ t: 'signed', challengeId, signature })), refuse);
  });
}
