import type { LanDesktopData, LanPeer } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import { closePanel, endShare, NO_PEERS, receiveDesktop, withPeer, type LanPeersState } from './lan-peers';

const peer = (id: string, name = `Device ${id}`): LanPeer => ({ id, name, ip: null, port: null, isHost: true });
const desktop = (desktopId: string): LanDesktopData => ({ desktopId, items: [], lastUpdated: '2026-01-01T00:00:00Z' });
const state = (change: Partial<LanPeersState>): LanPeersState => ({ ...NO_PEERS, ...change });

describe('withPeer', () => {
  test('a new peer joins the end of the list; one announced again takes its own place, renamed', () => {
    const listed = withPeer([peer('a')], peer('b'));
    expect(listed.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(withPeer(listed, peer('a', 'Renamed'))).toEqual([peer('b'), peer('a', 'Renamed')]);
  });

  test('an announce carries no nearness: a listed peer keeps its label, a newcomer has none', () => {
    const listed: LanPeer[] = [
      { ...peer('a'), nearness: 'verified' },
      { ...peer('b'), nearness: 'unverified' },
    ];
    const announced = withPeer(withPeer(listed, peer('a', 'Renamed')), peer('c'));
    expect(announced).toEqual([
      { ...peer('b'), nearness: 'unverified' },
      { ...peer('a', 'Renamed'), nearness: 'verified' },
      peer('c'),
    ]);
    expect(announced.at(-1)).not.toHaveProperty('nearness');
  });
});

describe('receiveDesktop', () => {
  test('shows the desktop, replacing the one before, and forgets a share that had ended', () => {
    const before = state({ connected: { a: desktop('old') }, ended: { b: 'Device b', c: 'Device c' } });
    expect(receiveDesktop(before, 'a', desktop('new'))).toEqual({
      connected: { a: desktop('new') },
      ended: { b: 'Device b', c: 'Device c' },
    });
    expect(receiveDesktop(before, 'b', desktop('back'))).toEqual({
      connected: { a: desktop('old'), b: desktop('back') },
      ended: { c: 'Device c' },
    });
  });
});

describe('one ended panel per device', () => {
  test('a device that ended twice, under two peer ids, leaves one ended panel: the newest', () => {
    // The host reconnected (or came back to its desktop) between the two: a new peer under its old name.
    const before = state({ peers: [peer('a2', 'Kitchen')], connected: { a2: desktop('d') }, ended: { a1: 'Kitchen' } });
    expect(endShare(before, 'a2').ended).toEqual({ a2: 'Kitchen' });
  });

  test('a device back under a new peer id replaces its ended panel with its desktop', () => {
    const before = state({ peers: [peer('a2', 'Kitchen')], ended: { a1: 'Kitchen', b: 'Phone' } });
    expect(receiveDesktop(before, 'a2', desktop('d')).ended).toEqual({ b: 'Phone' });
  });
});

describe('endShare', () => {
  test('a host whose panel is shown leaves the list and the desktops, and its panel says so by name', () => {
    const before = state({ peers: [peer('a', 'Kitchen'), peer('b')], connected: { a: desktop('d'), b: desktop('e') } });
    expect(endShare(before, 'a')).toEqual({
      peers: [peer('b')],
      connected: { b: desktop('e') },
      hidden: [],
      ended: { a: 'Kitchen' },
    });
  });

  test('a closed panel, or a host never connected to, leaves no ended panel', () => {
    const closed = state({ peers: [peer('a'), peer('b')], connected: { a: desktop('d') }, hidden: ['a'] });
    expect(endShare(closed, 'a')).toEqual({ peers: [peer('b')], connected: {}, hidden: [], ended: {} });
    expect(endShare(closed, 'b')).toEqual({ ...closed, peers: [peer('a')] });
  });

  test('a host no longer listed still ends its panel, with no name', () => {
    expect(endShare(state({ connected: { a: desktop('d') } }), 'a').ended).toEqual({ a: '' });
  });
});

describe('closePanel', () => {
  test('hides a connected host’s panel once; forgets one whose share ended', () => {
    const open = state({ connected: { a: desktop('d') }, ended: { b: 'Device b' } });
    expect(closePanel(open, 'a')).toEqual({ hidden: ['a'] });
    expect(closePanel({ ...open, hidden: ['a'] }, 'a')).toBeUndefined();
    expect(closePanel(open, 'b')).toEqual({ ended: {} });
  });
});
