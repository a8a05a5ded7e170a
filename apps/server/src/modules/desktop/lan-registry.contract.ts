import type { LanDesktopData } from '@clipsync/shared';
import { describe, expect, test } from 'vitest';
import type { LanRegistry, LanRegistryBounds } from './lan-registry';

/** What both registries (memory, Redis) must keep: the bounds on all networks together, and near peers. */
export const CONTRACT_BOUNDS: LanRegistryBounds = { maxHosts: 3, maxHostedBytes: 3000 };

/** A desktop of about `bytes` bytes of JSON. */
const desktopOf = (label: string, bytes: number): LanDesktopData => ({
  desktopId: `desktop-${label}`,
  items: [
    {
      id: `item-${label}`,
      type: 'text',
      content: 'x'.repeat(Math.max(0, bytes - 400)),
      position: { x: 0, y: 0 },
      size: { width: 200, height: 150 },
      file_name: null,
      file_size: null,
      file_type: null,
      file_url: null,
      created_at: '2026-11-25T08:00:00.000Z',
      updated_at: '2026-11-25T08:00:00.000Z',
    },
  ],
  lastUpdated: '2026-11-25T08:00:00.000Z',
});

/** Runs the bounds suite on a fresh registry from `open` (each test gets its own, with CONTRACT_BOUNDS). */
export function describeLanRegistryBounds(name: string, open: () => Promise<LanRegistry>): void {
  describe(`${name}: bounds on all networks together`, () => {
    let unique = 0;
    const hostOn = async (registry: LanRegistry, network: string, bytes = 500) => {
      unique += 1;
      const id = `${name}-peer-${unique}-${Date.now()}`;
      await registry.add({ id, name: 'Device', network, isHost: false });
      return { id, outcome: await registry.setDesktop(id, desktopOf(id, bytes)) };
    };

    test('hosts of every network count toward one cap; one leaving makes room', async () => {
      const registry = await open();
      const hosts = [await hostOn(registry, 'net-a'), await hostOn(registry, 'net-b'), await hostOn(registry, 'net-c')];
      expect(hosts.map(({ outcome }) => typeof outcome)).toEqual(['object', 'object', 'object']);
      expect((await hostOn(registry, 'net-d')).outcome).toBe('server-full');
      // A host already listed may still update its desktop.
      expect(typeof (await registry.setDesktop(hosts[0]?.id ?? '', desktopOf('again', 500)))).toBe('object');
      await registry.remove(hosts[1]?.id ?? '');
      expect(typeof (await hostOn(registry, 'net-d')).outcome).toBe('object');
    });

    test('a host that stops hosting frees its place and its bytes, and stays a peer', async () => {
      const registry = await open();
      const hosts = [
        await hostOn(registry, 'net-a', 1200),
        await hostOn(registry, 'net-b', 1200),
        await hostOn(registry, 'net-c', 500),
      ];
      expect((await hostOn(registry, 'net-d')).outcome).toBe('server-full');
      await registry.unhost(hosts[0]?.id ?? '');
      expect(await registry.get(hosts[0]?.id ?? '')).toMatchObject({ isHost: false });
      expect(await registry.desktopOf(hosts[0]?.id ?? '')).toBeUndefined();
      expect(await registry.hostsOf('net-a', 'nobody')).toEqual([]);
      expect(typeof (await hostOn(registry, 'net-d', 1200)).outcome).toBe('object');
    });

    test('the bytes of every hosted desktop count toward one cap; a refused update keeps the desktop before', async () => {
      const registry = await open();
      const first = await hostOn(registry, 'net-a', 1200);
      expect(typeof (await hostOn(registry, 'net-b', 1200)).outcome).toBe('object');
      expect((await hostOn(registry, 'net-c', 1200)).outcome).toBe('server-full');
      const grown = desktopOf('grown', 2000);
      expect(await registry.setDesktop(first.id, grown)).toBe('server-full');
      expect((await registry.desktopOf(first.id))?.desktopId).toBe(`desktop-${first.id}`);
      // Smaller fits, and frees room for another network's host.
      expect(typeof (await registry.setDesktop(first.id, desktopOf('small', 400)))).toBe('object');
      expect(typeof (await hostOn(registry, 'net-c', 1200)).outcome).toBe('object');
    });

    test("a host's name is unique on its network, even announced at the same moment; an update keeps it", async () => {
      const registry = await open();
      const ids = ['same-a', 'same-b', 'same-c'].map((id) => `${name}-${id}-${Date.now()}`);
      for (const id of ids) await registry.add({ id, name: 'Nearby device', network: 'net-home', isHost: false });
      await registry.add({ id: `${ids[0]}-away`, name: 'Nearby device', network: 'net-away', isHost: false });
      const announced = await Promise.all(
        ids.map((id) => registry.setDesktop(id, desktopOf(id, 400), 'Chrome on Linux · Otter')),
      );
      const names = announced.map((peer) => (typeof peer === 'object' ? peer.name : peer));
      expect([...names].sort()).toEqual([
        'Chrome on Linux · Otter',
        'Chrome on Linux · Otter 2',
        'Chrome on Linux · Otter 3',
      ]);
      const listed = await registry.hostsOf('net-home', 'nobody');
      expect(listed.map((host) => host.name).sort()).toEqual([...names].sort());
      // An update (no name) keeps the name.
      const second = ids[names.indexOf('Chrome on Linux · Otter 2')] ?? '';
      expect(await registry.setDesktop(second, desktopOf('update', 400))).toMatchObject({
        name: 'Chrome on Linux · Otter 2',
      });
      // Another network's host is no namesake (one leaves first: CONTRACT_BOUNDS hold three hosts).
      await registry.unhost(ids[0] ?? '');
      const away = await registry.setDesktop(`${ids[0]}-away`, desktopOf('away', 400), 'chrome on linux · otter');
      expect(away).toMatchObject({ name: 'chrome on linux · otter' });
    });

    test('peers proved near: both ways, only between connected peers, gone with either', async () => {
      const registry = await open();
      for (const id of ['near-a', 'near-b', 'near-c'])
        await registry.add({ id, name: 'Device', network: 'net-a', isHost: false });
      await registry.markNear('near-a', 'near-b');
      await registry.markNear('near-a', 'gone-peer');
      expect(await registry.nearPeersOf('near-a')).toEqual(new Set(['near-b']));
      expect(await registry.nearPeersOf('near-b')).toEqual(new Set(['near-a']));
      expect(await registry.nearPeersOf('near-c')).toEqual(new Set());
      await registry.markNear('near-c', 'near-a');
      await registry.remove('near-a');
      expect(await registry.nearPeersOf('near-a')).toEqual(new Set());
      expect(await registry.nearPeersOf('near-b')).toEqual(new Set());
      expect(await registry.nearPeersOf('near-c')).toEqual(new Set());
    });
  });
}
