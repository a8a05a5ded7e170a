import { describe, expect, test } from 'vitest';
import { isHostCandidate, isLocalAddress, keepHostCandidates, parseNearSignal } from './near-signal';

const host = 'candidate:1 1 udp 2122260223 192.168.1.20 54321 typ host generation 0 ufrag abcd';
const reflexive = 'candidate:2 1 udp 1686052607 203.0.113.7 54321 typ srflx raddr 192.168.1.20 rport 54321';
const relay = 'candidate:3 1 udp 41885439 198.51.100.1 3478 typ relay raddr 203.0.113.7 rport 54321';

describe('near signals', () => {
  test('only host candidates count', () => {
    expect(isHostCandidate(host)).toBe(true);
    expect(isHostCandidate(`a=${host}`)).toBe(true);
    expect(isHostCandidate(reflexive)).toBe(false);
    expect(isHostCandidate(relay)).toBe(false);
    expect(isHostCandidate('')).toBe(false);
    expect(isHostCandidate('candidate:9 1 udp 1 10.0.0.1 1 typ hostile')).toBe(false);
    // A host candidate on a public address could open a channel across the internet.
    expect(isHostCandidate('candidate:4 1 udp 2122260223 2001:db8::7 54321 typ host')).toBe(false);
    expect(isHostCandidate('candidate:5 1 udp 2122260223 203.0.113.9 54321 typ host')).toBe(false);
    expect(isHostCandidate('candidate:6 1 udp 2122260223 3c1a1f1e-5b7a-4c1d.local 54321 typ host')).toBe(true);
  });

  test('local addresses: private, loopback, link-local, unique local and mDNS names only', () => {
    for (const local of ['10.1.2.3', '172.16.0.1', '172.31.255.1', '192.168.0.9', '127.0.0.1', '169.254.1.1']) {
      expect(isLocalAddress(local)).toBe(true);
    }
    for (const local of ['::1', 'fe80::1', 'FD12:3456::1', 'fc00::1', 'abc.local'])
      expect(isLocalAddress(local)).toBe(true);
    for (const other of ['172.32.0.1', '100.64.0.1', '8.8.8.8', '2001:db8::1', 'fec0::1', 'example.com', '']) {
      expect(isLocalAddress(other)).toBe(false);
    }
  });

  test('an SDP keeps its host candidate lines and loses the others', () => {
    const sdp = ['v=0', `a=${host}`, `a=${reflexive}`, `a=${relay}`, 'a=end-of-candidates', ''].join('\r\n');
    expect(keepHostCandidates(sdp)).toBe(['v=0', `a=${host}`, 'a=end-of-candidates', ''].join('\r\n'));
  });

  test('parses offers, answers, candidates and hang-ups; refuses anything else', () => {
    expect(parseNearSignal({ link: 'l', tab: 't', kind: 'offer', sdp: 'v=0' })).toEqual({
      link: 'l',
      tab: 't',
      kind: 'offer',
      sdp: 'v=0',
    });
    expect(parseNearSignal({ link: 'l', tab: 't', kind: 'answer', sdp: 'v=0' })?.kind).toBe('answer');
    expect(
      parseNearSignal({ link: 'l', tab: 't', kind: 'candidate', candidate: host, sdpMid: '0', sdpMLineIndex: 0 }),
    ).toMatchObject({ kind: 'candidate', candidate: host, sdpMid: '0', sdpMLineIndex: 0 });
    expect(parseNearSignal({ link: 'l', tab: 't', kind: 'hangup' })).toEqual({ link: 'l', tab: 't', kind: 'hangup' });
    expect(parseNearSignal({ link: 'l', kind: 'offer', sdp: 'v=0' })).toBeNull();
    expect(parseNearSignal({ link: 'l', tab: 't', kind: 'offer' })).toBeNull();
    expect(parseNearSignal({ link: 'l', tab: 't', kind: 'candidate', candidate: host, sdpMLineIndex: -1 })).toBeNull();
    expect(parseNearSignal({ link: 'l', tab: 't', kind: 'renegotiate' })).toBeNull();
  });
});
