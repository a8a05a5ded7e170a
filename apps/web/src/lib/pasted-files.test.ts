import { describe, expect, test } from 'vitest';
import { appendPastedText, filesFromTransfer, readPastedFiles } from './pasted-files';

const fileItem = (file: File) => ({ kind: 'file', getAsFile: () => file });
const textItem = { kind: 'string', getAsFile: () => null };

describe('filesFromTransfer', () => {
  test('a pasted screenshot comes from the file items, text items are ignored', () => {
    const screenshot = new File(['png'], 'image.png', { type: 'image/png' });
    expect(filesFromTransfer({ items: [textItem, fileItem(screenshot)], files: [] })).toEqual([screenshot]);
  });

  test('without file items, the file list is used', () => {
    const report = new File(['pdf'], 'report.pdf', { type: 'application/pdf' });
    expect(filesFromTransfer({ items: [textItem], files: [report] })).toEqual([report]);
  });

  test('a file copied in a file manager is not counted twice', () => {
    const notes = new File(['text'], 'notes.txt', { type: 'text/plain' });
    expect(filesFromTransfer({ items: [fileItem(notes)], files: [notes] })).toEqual([notes]);
  });

  test('an item the browser cannot read as a file is skipped', () => {
    expect(filesFromTransfer({ items: [{ kind: 'file', getAsFile: () => null }] })).toEqual([]);
  });

  test('nothing transferred gives no files', () => {
    expect(filesFromTransfer(null)).toEqual([]);
    expect(readPastedFiles({ clipboardData: null })).toEqual([]);
  });
});

describe('appendPastedText', () => {
  test.each([
    ['', 'pasted', 'pasted'],
    ['first line', 'pasted', 'first line\npasted'],
    ['first line\n', 'pasted', 'first line\npasted'],
  ])('%j + %j gives %j', (current, pasted, expected) => {
    expect(appendPastedText(current, pasted)).toBe(expected);
  });
});
