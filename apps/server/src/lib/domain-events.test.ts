import { describe, expect, test, vi } from 'vitest';
import { DomainEvents } from './domain-events';
import { inBackground } from '../../test/waits';

describe('DomainEvents', () => {
  test('a listener that throws or rejects is reported; the emitter and the other listeners go on', async () => {
    const onListenerError = vi.fn();
    const events = new DomainEvents(onListenerError);
    const heard: string[] = [];
    events.on('session.revoked', () => {
      throw new Error('broken listener');
    });
    events.on('session.revoked', async () => {
      throw new Error('broken async listener');
    });
    events.on('session.revoked', ({ sessionId }) => void heard.push(sessionId));
    expect(() => events.emit('session.revoked', { sessionId: 's1' })).not.toThrow();
    expect(heard).toEqual(['s1']);
    await vi.waitFor(() => expect(onListenerError).toHaveBeenCalledTimes(2), inBackground);
    expect(onListenerError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'broken listener' }),
      'session.revoked',
    );
  });

  test('unsubscribing stops delivery', () => {
    const events = new DomainEvents(() => undefined);
    const listener = vi.fn();
    const off = events.on('clip.deleted', listener);
    off();
    events.emit('clip.deleted', { clipId: 'c', ownerId: 'o' });
    expect(listener).not.toHaveBeenCalled();
  });
});
