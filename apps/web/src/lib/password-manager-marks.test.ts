import { describe, expect, test } from 'vitest';
import { isMarkedByPasswordManager } from './password-manager-marks';

/** A paste's data as a browser would hand it over: its formats, each with its data. */
const pasted = (formats: Record<string, string>) => ({
  types: Object.keys(formats),
  getData: (format: string) => formats[format] ?? '',
});

describe('a paste a password manager marked as secret', () => {
  test.each([
    ['KDE and KeePassXC on Linux', { 'text/plain': 'hunter2', 'x-kde-passwordmanagerhint': 'secret' }],
    [
      'the hint as the async Clipboard API names it',
      { 'text/plain': 'hunter2', 'web x-kde-passwordManagerHint': 'secret' },
    ],
    ['macOS concealed', { 'text/plain': 'hunter2', 'org.nspasteboard.ConcealedType': '' }],
    ['macOS transient', { 'text/plain': 'hunter2', 'org.nspasteboard.TransientType': '' }],
    ['Windows monitor opt-out', { 'text/plain': 'hunter2', ExcludeClipboardContentFromMonitorProcessing: '' }],
    ['Windows history refused', { 'text/plain': 'hunter2', CanIncludeInClipboardHistory: '\0\0\0\0' }],
    ['Windows cloud refused', { 'text/plain': 'hunter2', CanUploadToCloudClipboard: '\0\0' }],
  ])('%s: marked', (_name, formats) => {
    expect(isMarkedByPasswordManager(pasted(formats))).toBe(true);
  });

  test.each([
    ['plain text', { 'text/plain': 'hello' }],
    ['text and HTML', { 'text/plain': 'hello', 'text/html': '<b>hello</b>' }],
    ['the KDE hint with another value', { 'text/plain': 'hello', 'x-kde-passwordmanagerhint': 'public' }],
    ['Windows history allowed', { 'text/plain': 'hello', CanIncludeInClipboardHistory: '\u0001\0\0\0' }],
  ])('%s: not marked', (_name, formats) => {
    expect(isMarkedByPasswordManager(pasted(formats))).toBe(false);
  });

  test('no data at all is not marked', () => {
    expect(isMarkedByPasswordManager(null)).toBe(false);
  });
});
