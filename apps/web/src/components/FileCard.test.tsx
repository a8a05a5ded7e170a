import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FileCard, FileCardList, storedFilePreview } from './FileCard';

describe('FileCard', () => {
  test('a listed stored file: preview, name, 1024-based size, type in words and its action, in a titled list', () => {
    render(
      <FileCardList title="Files">
        <FileCard
          name="holiday.png"
          size={1536}
          sizeUnits="scaled"
          mediaType="image/png"
          previewUrl="/api/files/f1/holiday.png"
          action={<button type="button">Download</button>}
        />
      </FileCardList>,
    );
    const item = screen.getByRole('listitem');
    expect(screen.getByRole('region', { name: 'Files' })).toContainElement(item);
    expect(item).toHaveTextContent('holiday.png');
    expect(item).toHaveTextContent('1.5 KB');
    expect(screen.getByTitle('image/png')).toHaveTextContent('PNG image');
    expect(screen.getByRole('button', { name: 'Open a larger preview of holiday.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  test('a pending file reads in KB to one decimal, with no type unless given, and its details', () => {
    render(
      <ul>
        <FileCard name="notes.txt" size={23} previewUrl={null} isPending details={<p>Uploading</p>} />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('notes.txt0.0 KBUploading');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('inside another card (a room item, a desktop block) it is no list item, and an unknown type still reads', () => {
    render(<FileCard placement="inside" name="data" size={23} sizeUnits="scaled" mediaType={null} previewUrl={null} />);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByText('23 Bytes')).toBeInTheDocument();
    expect(screen.getByText('File')).toBeInTheDocument();
  });

  test('a stored file is previewed only when it is an image a browser shows safely', () => {
    expect(storedFilePreview('/f/a.png', 'image/png')).toBe('/f/a.png');
    expect(storedFilePreview('/f/a.svg', 'image/svg+xml')).toBeNull();
    expect(storedFilePreview(null, 'image/png')).toBeNull();
    expect(storedFilePreview('/f/a', null)).toBeNull();
  });
});
