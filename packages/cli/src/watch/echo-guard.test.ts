import { describe, expect, test } from 'vitest';
import { EchoGuard } from './echo-guard';

describe('the loop rules of watch', () => {
  test('what the watcher wrote is its own until the user copies something of theirs', () => {
    const guard = new EchoGuard();
    guard.writing('text:a');
    guard.writing('text:b');
    expect(guard.isOwnWrite('text:a')).toBe(true);
    expect(guard.isOwnWrite('text:b')).toBe(true);
    expect(guard.isOwnWrite('text:c')).toBe(false);
    guard.userCopied();
    expect(guard.isOwnWrite('text:a')).toBe(false);
  });

  test("a clip is the watcher's own by its id, or by its content while the POST that makes it is out", () => {
    const guard = new EchoGuard();
    guard.sending('text:a');
    // clip-created can overtake the POST's answer.
    expect(guard.isOwnClip('clip1', 'text:a')).toBe(true);
    expect(guard.isOwnClip('clip2', 'text:b')).toBe(false);
    guard.sent('text:a', 'clip1');
    expect(guard.isOwnClip('clip1', null)).toBe(true);
    expect(guard.isOwnClip('clip3', 'text:a')).toBe(false);
  });

  test('a failed send leaves nothing behind', () => {
    const guard = new EchoGuard();
    guard.sending('text:a');
    guard.sending('text:a');
    guard.sent('text:a', null);
    expect(guard.isOwnClip('x', 'text:a')).toBe(true);
    guard.sent('text:a', null);
    expect(guard.isOwnClip('x', 'text:a')).toBe(false);
  });

  test('it remembers a bounded number of its clips', () => {
    const guard = new EchoGuard();
    for (let index = 0; index < 100; index++) guard.ownClip(`clip${index}`);
    expect(guard.isOwnClip('clip99', null)).toBe(true);
    expect(guard.isOwnClip('clip0', null)).toBe(false);
  });
});
