import { describe, expect, test, vi } from 'vitest';
import { createReceivedFiles } from './received-files';

const received = (name: string) => ({ fromDeviceId: 'DEVICE-A', fromName: 'Laptop', file: new File(['x'], name) });

describe('received files', () => {
  test('holds each file until it is released, telling listeners of each change', () => {
    const files = createReceivedFiles();
    const listener = vi.fn();
    files.subscribe(listener);
    const first = files.hold(received('a.txt'));
    const second = files.hold(received('b.txt'));
    expect(files.getHeld().map((held) => held.file.name)).toEqual(['a.txt', 'b.txt']);
    expect(first.id).not.toBe(second.id);
    files.release(first.id);
    expect(files.getHeld()).toEqual([second]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  test('counts the bytes it holds, which a release gives back', () => {
    const files = createReceivedFiles();
    const big = files.hold({ ...received('big.bin'), file: new File([new Uint8Array(1000)], 'big.bin') });
    files.hold(received('a.txt'));
    expect(files.heldBytes()).toBe(1001);
    files.release(big.id);
    expect(files.heldBytes()).toBe(1);
  });

  test('releasing an unknown or already released id changes nothing', () => {
    const files = createReceivedFiles();
    const held = files.hold(received('a.txt'));
    files.release(held.id);
    const listener = vi.fn();
    files.subscribe(listener);
    files.release(held.id);
    files.release('nope');
    expect(listener).not.toHaveBeenCalled();
  });
});
