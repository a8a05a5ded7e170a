import { describe, expect, test } from 'vitest';
import { SEND_PREVIEW_MAX, viewOfSend } from './device-send-preview';

const clip = { id: 'CCCCCCCCCCCCCCCCCCCCCC', content: 'a clip', encrypted: false, files: [] };
const file = { name: 'a.pdf', size: 3, type: 'application/pdf', url: '/api/files/f' };

describe('viewOfSend', () => {
  test('text: its words on one line, the whole text to copy, nothing to open', () => {
    expect(viewOfSend({ text: 'line one\n  line two' })).toEqual({
      preview: { kind: 'text', text: 'line one line two' },
      copyText: 'line one\n  line two',
    });
  });

  test('a long text is cut for the preview only', () => {
    const long = 'x'.repeat(500);
    const view = viewOfSend({ text: long });
    expect(view.preview).toEqual({ kind: 'text', text: `${'x'.repeat(SEND_PREVIEW_MAX - 1)}…` });
    expect(view.copyText).toBe(long);
  });

  test('a clip: its text to copy and the clip to open', () => {
    expect(viewOfSend({ clip })).toEqual({
      preview: { kind: 'text', text: 'a clip' },
      copyText: 'a clip',
      clipId: clip.id,
    });
  });

  test('a clip of files only, or an encrypted one, has nothing to copy but opens', () => {
    expect(viewOfSend({ clip: { ...clip, content: '', files: [file, file] } })).toEqual({
      preview: { kind: 'files', count: 2 },
      clipId: clip.id,
      attachment: { name: 'a.pdf', size: 3, more: 1 },
    });
    expect(viewOfSend({ clip: { ...clip, content: 'v1.envelope', encrypted: true } })).toEqual({
      preview: { kind: 'encrypted' },
      clipId: clip.id,
    });
  });
});
