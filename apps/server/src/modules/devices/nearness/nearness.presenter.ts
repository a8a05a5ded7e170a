import type { NearChallenge, NearProof } from '@clipsync/shared';
import type { deviceNearness, nearChallenges } from '../../../db/schema/index';

export function presentChallenge(row: typeof nearChallenges.$inferSelect): NearChallenge {
  return { challengeId: row.id, nonce: row.nonce, expiresAt: row.expiresAt.toISOString() };
}

export function presentProof(row: typeof deviceNearness.$inferSelect): NearProof {
  return { deviceIds: [row.deviceA, row.deviceB], nearUntil: row.expiresAt.toISOString() };
}

/** A pair is stored once, in id order (the table's check). */
export function orderedPair(one: string, other: string): { deviceA: string; deviceB: string } {
  return one < other ? { deviceA: one, deviceB: other } : { deviceA: other, deviceB: one };
}
