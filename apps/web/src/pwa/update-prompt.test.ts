import { describe, expect, test, vi } from 'vitest';
import {
  applyUpdate,
  registerServiceWorker,
  type RegistrationLike,
  SKIP_WAITING_MESSAGE,
  watchForUpdate,
  type WorkerLike,
} from './update-prompt';

class FakeWorker implements WorkerLike {
  state = 'installing';
  postMessage = vi.fn();
  private listeners: (() => void)[] = [];
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }
  become(state: string) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

class FakeRegistration implements RegistrationLike {
  waiting: WorkerLike | null = null;
  installing: WorkerLike | null = null;
  private listeners: (() => void)[] = [];
  addEventListener(_type: 'updatefound', listener: () => void) {
    this.listeners.push(listener);
  }
  found(worker: FakeWorker) {
    this.installing = worker;
    for (const listener of this.listeners) listener();
  }
}

describe('new versions of the app', () => {
  test('a version installed while an older one controls the page is offered', () => {
    const registration = new FakeRegistration();
    const onUpdate = vi.fn();
    watchForUpdate(registration, { controller: {} }, onUpdate);
    const worker = new FakeWorker();
    registration.found(worker);
    expect(onUpdate).not.toHaveBeenCalled();
    worker.become('installed');
    expect(onUpdate).toHaveBeenCalledWith(worker);
  });

  test('the first install is not an update: nothing to reload into', () => {
    const registration = new FakeRegistration();
    const onUpdate = vi.fn();
    watchForUpdate(registration, { controller: null }, onUpdate);
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become('installed');
    expect(onUpdate).not.toHaveBeenCalled();
  });

  test('a version already waiting when the page opens is offered at once', () => {
    const registration = new FakeRegistration();
    const waiting = new FakeWorker();
    registration.waiting = waiting;
    const onUpdate = vi.fn();
    watchForUpdate(registration, { controller: {} }, onUpdate);
    expect(onUpdate).toHaveBeenCalledWith(waiting);
  });

  test('Reload makes the waiting version take over, then reloads the page once it has', () => {
    const worker = new FakeWorker();
    let onControllerChange: (() => void) | undefined;
    const container = {
      addEventListener: (_type: 'controllerchange', listener: () => void) => {
        onControllerChange = listener;
      },
    };
    const reload = vi.fn();
    applyUpdate(worker, container, reload);
    expect(worker.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
    onControllerChange?.();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a browser that refuses the worker, or blocks it silently, leaves the app working without it', async () => {
    const container = { controller: null, addEventListener: vi.fn() };
    await expect(
      registerServiceWorker({ ...container, register: () => Promise.reject(new Error('SecurityError')) }),
    ).resolves.toBeUndefined();
    await expect(
      registerServiceWorker({ ...container, register: () => Promise.resolve(undefined) }),
    ).resolves.toBeUndefined();
  });
});
