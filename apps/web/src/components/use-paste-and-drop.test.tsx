import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import '../i18n';
import { toastStore } from '../ui/toast-store';
import { usePasteAndDrop } from './use-paste-and-drop';

/** A paste outside any text field, carrying these formats, as the browser hands them to the page. */
function paste(formats: Record<string, string>): Event {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const clipboardData = { types: Object.keys(formats), getData: (format: string) => formats[format] ?? '', items: [] };
  Object.defineProperty(event, 'clipboardData', { value: clipboardData });
  document.body.dispatchEvent(event);
  return event;
}

describe('pasting on a page that makes clips of what is pasted', () => {
  afterEach(() => toastStore.getToasts().forEach((toast) => toastStore.dismiss(toast.id)));

  test('an entry a password manager marked as secret is not taken, and a toast says it was skipped', () => {
    const texts: string[] = [];
    const { unmount } = renderHook(() =>
      usePasteAndDrop({ enabled: true, onFiles: () => {}, onText: (text) => texts.push(text) }),
    );

    const marked = paste({ 'text/plain': 'hunter2', 'x-kde-passwordmanagerhint': 'secret' });
    expect(marked.defaultPrevented).toBe(true);
    expect(texts).toEqual([]);
    expect(toastStore.getToasts().map((toast) => toast.title)).toContain(
      'Skipped a clipboard entry a password manager marked as secret.',
    );

    paste({ 'text/plain': 'an ordinary copy' });
    expect(texts).toEqual(['an ordinary copy']);
    unmount();
  });
});
