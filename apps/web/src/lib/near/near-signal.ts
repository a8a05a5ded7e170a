import type { NearSignalData } from '@clipsync/shared';

/**
 * What two devices say to each other through `near:signal` while they open a data channel: one attempt is
 * one `link` id; `tab` names the browser tab that speaks, because a signal for a device reaches every tab
 * of its session and only the first tab that answers takes part.
 */
export type NearSignal =
  | { link: string; tab: string; kind: 'offer'; sdp: string }
  | { link: string; tab: string; kind: 'answer'; sdp: string }
  | {
      link: string;
      tab: string;
      kind: 'candidate';
      candidate: string;
      sdpMid: string | null;
      sdpMLineIndex: number | null;
    }
  | { link: string; tab: string; kind: 'hangup' };

const isText = (value: unknown): value is string => typeof value === 'string';
const isNullableText = (value: unknown): value is string | null => value === null || isText(value);
const isNullableIndex = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0);

/** A relayed `data` as a signal of ours, or null for anything else (another client's, or a damaged one). */
export function parseNearSignal(data: NearSignalData): NearSignal | null {
  const { link, tab, kind } = data;
  if (!isText(link) || !isText(tab)) return null;
  if (kind === 'offer' && isText(data.sdp)) return { link, tab, kind, sdp: data.sdp };
  if (kind === 'answer' && isText(data.sdp)) return { link, tab, kind, sdp: data.sdp };
  if (
    kind === 'candidate' &&
    isText(data.candidate) &&
    isNullableText(data.sdpMid) &&
    isNullableIndex(data.sdpMLineIndex)
  ) {
    return { link, tab, kind, candidate: data.candidate, sdpMid: data.sdpMid, sdpMLineIndex: data.sdpMLineIndex };
  }
  if (kind === 'hangup') return { link, tab, kind };
  return null;
}

/**
 * Whether an address is one a device has only on its own network: a private, loopback or link-local IPv4
 * address, IPv6 loopback, link-local or unique local, or a browser's mDNS name (`….local`). Carrier-grade
 * NAT's 100.64.0.0/10 (a VPN such as Tailscale uses it) and every public address are not.
 */
export function isLocalAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower.endsWith('.local')) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(lower);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  return lower === '::1' || /^fe[89ab][0-9a-f]:/.test(lower) || /^f[cd][0-9a-f]{2}:/.test(lower);
}

/**
 * Whether an ICE candidate line is a host candidate (the device's own address) on a local address:
 * `candidate:<foundation> <component> <transport> <priority> <address> <port> typ host …`. Only these are
 * sent or accepted, so a channel opens only when each device reaches the other's own address on the local
 * network (decision 030); a reflexive or relayed candidate, or a host one on a public address (a global
 * IPv6 address, a machine without NAT), would prove nothing about nearness.
 */
export function isHostCandidate(candidate: string): boolean {
  const words = candidate.trim().split(/\s+/);
  const typ = words.indexOf('typ');
  return typ === 6 && words[typ + 1] === 'host' && isLocalAddress(words[4] ?? '');
}

/** The SDP without any candidate line that is not a host candidate (a browser may bundle some into it). */
export function keepHostCandidates(sdp: string): string {
  return sdp
    .split('\r\n')
    .filter((line) => !line.startsWith('a=candidate:') || isHostCandidate(line.slice(2)))
    .join('\r\n');
}
