import type { DeviceSendPayload } from '@clipsync/shared';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createToastStore } from '../ui/toast-store';
import { createSendToastQueue, NEXT_SEND_DELAY_MS } from './send-toast-queue';

const send = (id: string, text: string): DeviceSendPayload => ({
  id,
  from: { deviceId: 'DDDDDDDDDDDDDDDDDDDDDD', name: 'Phone' },
  sentAt: '2026-11-25T16:00:00.000Z',
  text,
});

describe('send toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('shows sends one after another: the next once the toast before has closed', async () => {
    const store = createToastStore();
    const queue = createSendToastQueue(store);
    const stop = queue.start();
    queue.showWith((received) => Promise.resolve(store.show({ title: received.text ?? '' })));
    queue.push(send('a', 'first'));
    queue.push(send('b', 'second'));
    await vi.waitFor(() => expect(store.getToasts().map((toast) => toast.title)).toEqual(['first']));

    store.dismiss(store.getToasts()[0]?.id ?? '');
    vi.advanceTimersByTime(NEXT_SEND_DELAY_MS);
    await vi.waitFor(() => expect(store.getToasts()[0]).toMatchObject({ title: 'second', open: true }));
    stop();
  });

  test('a toast held back by the store does not stop the rest', async () => {
    const store = createToastStore();
    // The same words twice within 2 s: the store shows the second not at all.
    const queue = createSendToastQueue(store);
    const stop = queue.start();
    queue.showWith(() => Promise.resolve(store.show({ title: 'same' })));
    const show = vi.spyOn(store, 'show');
    queue.push(send('a', 'x'));
    await vi.waitFor(() => expect(store.getToasts()).toHaveLength(1));
    store.dismiss(store.getToasts()[0]?.id ?? '');
    queue.push(send('b', 'x'));
    queue.push(send('c', 'x'));
    vi.advanceTimersByTime(NEXT_SEND_DELAY_MS);
    await vi.waitFor(() => expect(show).toHaveBeenCalledTimes(3));
    stop();
  });

  test('sends that arrive before the queue knows how to show them wait for it', async () => {
    const store = createToastStore();
    const queue = createSendToastQueue(store);
    queue.push(send('a', 'early'));
    expect(store.getToasts()).toHaveLength(0);
    queue.showWith((received) => Promise.resolve(store.show({ title: received.text ?? '' })));
    await vi.waitFor(() => expect(store.getToasts()[0]?.title).toBe('early'));
  });
});
