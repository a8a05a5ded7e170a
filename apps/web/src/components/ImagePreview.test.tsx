import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ImagePreview } from './ImagePreview';

describe('ImagePreview', () => {
  test('the thumbnail opens the image at full size; closing gives focus back to the thumbnail', async () => {
    render(<ImagePreview name="holiday.png" url="/api/files/f1/holiday.png" />);
    const thumbnail = screen.getByRole('button', { name: 'Open a larger preview of holiday.png' });
    await userEvent.click(thumbnail);

    const dialog = screen.getByRole('dialog', { name: 'holiday.png' });
    expect(screen.getByRole('img', { name: 'Preview of holiday.png' })).toHaveAttribute(
      'src',
      '/api/files/f1/holiday.png',
    );
    expect(dialog).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumbnail).toHaveFocus();
  });
});
