import type { Device } from '@clipsync/shared';
import { NearCheckButton } from '../../components/NearCheckButton';
import { useProveNearness } from './use-prove-nearness';

/** "Check if nearby" for another online browser or app: proves the pair near over a direct link. */
export function CheckNearbyButton({ device }: { device: Device }) {
  return <NearCheckButton check={useProveNearness(device)} />;
}
