import { NEARNESS_ENDPOINTS, nearProofText, type NearProof } from '@clipsync/shared';
import { call } from '../api/client';
import type { DeviceKey } from '../lib/near/device-key';
import { openNearLink } from '../lib/near/near-link';
import { requestPeerSignature } from '../lib/near/proof-exchange';
import { nearSignalHubOf } from './near-signal-hub';
import type { RealtimeSocket } from './socket-client';

interface ProveInput {
  socket: RealtimeSocket;
  thisDeviceId: string;
  deviceId: string;
  key: DeviceKey;
}

/**
 * Proves this device near `deviceId` (decision 030): opens a host-only data channel to it (rejecting with
 * NearUnreachableError when it cannot), asks the server for a challenge, has the other device sign it over
 * the channel, signs it too and posts both. The channel is closed at the end either way.
 */
export async function proveNearness({ socket, thisDeviceId, deviceId, key }: ProveInput): Promise<NearProof> {
  const port = await openNearLink({
    signaller: nearSignalHubOf(socket).linkWith(deviceId),
    role: { kind: 'initiator' },
  });
  try {
    const { challengeId, nonce } = await call(NEARNESS_ENDPOINTS.createChallenge, { body: { withDeviceId: deviceId } });
    const request = { challengeId, nonce, issuer: thisDeviceId, other: deviceId };
    const theirs = await requestPeerSignature(port, request);
    const mine = await key.sign(
      nearProofText({ challengeId, nonce, issuerDeviceId: thisDeviceId, otherDeviceId: deviceId }),
    );
    return await call(NEARNESS_ENDPOINTS.proof, {
      params: { challengeId },
      body: { signatures: { [thisDeviceId]: mine, [deviceId]: theirs } },
    });
  } finally {
    port.close();
  }
}
