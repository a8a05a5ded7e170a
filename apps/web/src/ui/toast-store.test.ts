import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('shows one toast at a time: a new one replaces the current', () => {
    const store = createToastStore();
    store.show({ title: 'First' });
    store.show({ title: 'Second' });
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Second']);
  });

  test('a dismissed toast closes at once and leaves the list 5000 ms later', () => {
    const store = createToastStore();
    const id = store.show({ title: 'Saved' }) ?? '';
    store.dismiss(id);
    expect(store.getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  test('a toast with a button is shown again within 2 s: each is a new action', () => {
    const store = createToastStore();
    const undo = { label: 'Undo', onClick: () => undefined };
    expect(store.show({ title: 'Item deleted', action: undo })).toBeDefined();
    expect(store.show({ title: 'Item deleted', action: undo })).toBeDefined();
  });

  test('the same toast within 2 s is shown once; after 2 s it shows again', () => {
    const store = createToastStore();
    expect(store.show({ title: 'Copied' })).toBeDefined();
    vi.advanceTimersByTime(1999);
    expect(store.show({ title: 'Copied' })).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(store.show({ title: 'Copied' })).toBeDefined();
  });

  test('a different toast is not held back by the guard; the destructive variant is kept', () => {
    const store = createToastStore();
    store.show({ title: 'Copied' });
    store.show({
      title: 'Failed to copy',
      description: 'Please try copying the link manually.',
      variant: 'destructive',
    });
    expect(store.getToasts()[0]).toMatchObject({ title: 'Failed to copy', variant: 'destructive', open: true });
  });

  test('listeners hear every change', () => {
    const store = createToastStore();
    const heard: number[] = [];
    store.subscribe((toasts) => heard.push(toasts.length));
    const id = store.show({ title: 'A' }) ?? '';
    store.dismiss(id);
    vi.advanceTimersByTime(5000);
    expect(heard).toEqual([1, 1, 0]);
  });
});
