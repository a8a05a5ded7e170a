import type { Device } from '@clipsync/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '@clipsync/server/testing';
import { startCliHarness, type CliHarness } from './harness';

describe('clipsync devices: the list, and rename', () => {
  let h: CliHarness;
  let user: TestUser;
  beforeAll(async () => {
    h = await startCliHarness();
    user = await h.testApp.factory.user();
  });
  afterAll(() => h.close());

  /** Another signed-in browser of the user, registered under `name`. */
  const browser = async (owner: TestUser, name: string) => {
    const caller = { tokens: await h.testApp.factory.session(owner) };
    return (await h.testApp.as(caller).post('/api/devices', { name, kind: 'browser' })).json<Device>();
  };
  const namesOnServer = async () =>
    ((await h.testApp.as(user).get('/api/devices')).json().devices as Device[]).map(({ name }) => name).sort();

  test('lists name, id, kind and last seen, with "this device" on its own; --json is the server’s list', async () => {
    const laptop = await h.signInDevice(user, 'laptop');
    const phone = await browser(user, 'Chromium on Android · otter');
    const listed = await h.cli(['devices'], { env: laptop.env });
    expect(listed.code, listed.stderr).toBe(0);
    const [header, ...rows] = listed.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^NAME +ID +KIND +LAST SEEN$/);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.stringMatching(new RegExp(`^laptop +${laptop.device.id}  cli +just now · this device$`)),
    );
    expect(rows).toContainEqual(
      expect.stringMatching(new RegExp(`^Chromium on Android · otter +${phone.id}  browser +just now$`)),
    );
    // The ID column starts at one place on every row.
    const idColumn = header!.indexOf('ID');
    expect(rows.map((row) => row.slice(idColumn, idColumn + 22)).sort()).toEqual([laptop.device.id, phone.id].sort());

    const asJson = await h.cli(['devices', '--json'], { env: laptop.env });
    const { devices } = JSON.parse(asJson.stdout) as { devices: Device[] };
    expect(devices.map(({ id, current }) => [id, current]).sort()).toEqual(
      [
        [laptop.device.id, true],
        [phone.id, false],
      ].sort(),
    );

    // A token made by hand on the web is no device: nothing is "this device".
    const byHand = await h.cli(['devices'], { env: await h.envOf(user) });
    expect(byHand.code, byHand.stderr).toBe(0);
    expect(byHand.stdout).not.toContain('this device');
  });

  test('rename takes a name’s start or an id, its own device only; several matches list the candidates with their ids and rename nothing', async () => {
    const owner = await h.testApp.factory.user();
    const cli = await h.signInDevice(owner, 'build box');
    const first = await browser(owner, 'Chromium on Linux · otter');
    const second = await browser(owner, 'Chromium on Linux · heron');
    const boxes = await browser(owner, 'Chromium in a box');
    const names = async () =>
      ((await h.testApp.as(owner).get('/api/devices')).json().devices as Device[]).map(({ name }) => name).sort();

    const ambiguous = await h.cli(['devices', 'rename', 'chromium on linux', 'Desk'], { env: cli.env });
    expect(ambiguous.code).toBe(2);
    // Neither is this CLI's own device: no command is suggested that the server would refuse.
    expect(ambiguous.stderr).toContain(
      `2 devices match "chromium on linux": none is this CLI's own device, the only one it renames: rename the others on the web's My devices page.`,
    );
    expect(ambiguous.stderr).not.toContain('clipsync devices rename');
    expect(ambiguous.stderr).toMatch(/\n {2}NAME {23}ID START {2}KIND {5}LAST SEEN\n/);
    expect(ambiguous.stderr).toContain(`  Chromium on Linux · otter  ${first.id.slice(0, 6)}    browser  `);
    expect(ambiguous.stderr).toContain(`  Chromium on Linux · heron  ${second.id.slice(0, 6)}    browser  `);
    expect(await names()).toEqual([
      'Chromium in a box',
      'Chromium on Linux · heron',
      'Chromium on Linux · otter',
      'build box',
    ]);

    // Among the matches is its own: the command suggested is the one that works.
    const ownToo = await h.cli(['devices', 'rename', 'box', 'Desk'], {
      env: cli.env,
    });
    expect(ownToo.code).toBe(2);
    const suggested = /clipsync devices rename (\S+) NEW-NAME/.exec(ownToo.stderr)?.[1];
    expect(suggested, ownToo.stderr).toBe(cli.device.id.slice(0, 6));
    const followed = await h.cli(['devices', 'rename', suggested!, 'build box'], { env: cli.env });
    expect(followed.code, followed.stderr).toBe(0);

    // Another device's name is the web's to change: names pick where sends go (a token takes none of them).
    const others = await h.cli(['devices', 'rename', second.id, 'Desk at home'], { env: cli.env });
    expect(others.code).not.toBe(0);
    expect(others.stderr).toContain('A token renames only its own device');
    const byStart = await h.cli(['devices', 'rename', 'BUILD', 'Build server', '--json'], { env: cli.env });
    expect(byStart.code, byStart.stderr).toBe(0);
    expect(JSON.parse(byStart.stdout)).toMatchObject({ id: cli.device.id, name: 'Build server' });
    const byId = await h.cli(['devices', 'rename', cli.device.id, 'Build box 2'], { env: cli.env });
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stdout).toBe(`Renamed Build server to Build box 2 (${cli.device.id})\n`);
    expect(await names()).toEqual([
      'Build box 2',
      'Chromium in a box',
      'Chromium on Linux · heron',
      'Chromium on Linux · otter',
    ]);
    expect(boxes.name).toBe('Chromium in a box');
  });

  test('usage: a missing or empty new name, an unknown subcommand or device is exit 2; the other account’s devices are not there', async () => {
    const cli = await h.signInDevice(user, 'usage box');
    expect((await h.cli(['devices', 'rename', 'usage box'], { env: cli.env })).code).toBe(2);
    expect((await h.cli(['devices', 'rename', 'usage box', '  '], { env: cli.env })).code).toBe(2);
    expect((await h.cli(['devices', 'remove', 'usage box'], { env: cli.env })).code).toBe(2);
    const stranger = await h.testApp.factory.user();
    const strangers = await browser(stranger, 'Strangers phone');
    const notMine = await h.cli(['devices', 'rename', strangers.id, 'mine'], { env: cli.env });
    expect(notMine.code).toBe(2);
    expect(notMine.stderr).toContain(`No device named "${strangers.id}"`);
    expect(await namesOnServer()).not.toContain('mine');
  });
});
