import { expect, test } from 'vitest';
import { describeFileType } from './file-type';

test('images, video and audio are named by their format', () => {
  expect(describeFileType('image/png', 'shot.png')).toEqual({ kind: 'image', format: 'PNG' });
  expect(describeFileType('image/svg+xml', 'logo.svg')).toEqual({ kind: 'image', format: 'SVG' });
  expect(describeFileType('video/mp4', null)).toEqual({ kind: 'video', format: 'MP4' });
  expect(describeFileType('audio/x-wav', 'a.wav')).toEqual({ kind: 'audio', format: 'WAV' });
});

test('a PDF is a PDF document whatever its name', () => {
  expect(describeFileType('application/pdf', 'report')).toEqual({ kind: 'pdf' });
});

test('other types show their upper-cased extension, else a generic word', () => {
  expect(
    describeFileType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'cv.docx'),
  ).toEqual({ kind: 'extension', extension: 'DOCX' });
  expect(describeFileType('text/plain; charset=utf-8', 'notes.txt')).toEqual({ kind: 'extension', extension: 'TXT' });
  expect(describeFileType('text/plain', 'README')).toEqual({ kind: 'text' });
  expect(describeFileType('application/octet-stream', 'blob')).toEqual({ kind: 'unknown' });
  expect(describeFileType(null, null)).toEqual({ kind: 'unknown' });
});
