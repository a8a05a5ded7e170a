import { describe, expect, test } from 'vitest';
import { isTypingTarget, shortcutOf } from './shortcuts';

const press = (key: string, options: Partial<Parameters<typeof shortcutOf>[0]> = {}) =>
  shortcutOf({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: document.body,
    ...options,
  });

describe('shortcutOf', () => {
  test('Ctrl or Cmd with Enter or S saves, even while typing in the text area', () => {
    const textarea = document.createElement('textarea');
    expect(press('Enter', { ctrlKey: true })).toBe('save');
    expect(press('s', { metaKey: true })).toBe('save');
    expect(press('S', { ctrlKey: true, target: textarea })).toBe('save');
    expect(press('s', { ctrlKey: true, altKey: true })).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  test('/, n and ? focus the search, open a new clip and list the shortcuts', () => {
    expect(press('/')).toBe('search');
    expect(press('n')).toBe('newClip');
    expect(press('?', { shiftKey: true })).toBe('help');
  });

  test('single keys never fire in fields or with other modifiers', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      expect(press('n', { target: document.createElement(tag) })).toBeNull();
    }
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    document.body.append(editable);
    expect(isTypingTarget(editable)).toBe(true);
    expect(press('/', { target: editable })).toBeNull();
    expect(press('n', { ctrlKey: true })).toBeNull();
    expect(press('n', { altKey: true })).toBeNull();
    expect(press('N', { shiftKey: true })).toBeNull();
    editable.remove();
  });
});
