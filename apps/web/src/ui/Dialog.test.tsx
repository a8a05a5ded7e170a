import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { Dialog, DialogContent } from './Dialog';

/** A dialog opened from state, with no Radix Trigger, as a card's Share button opens the share dialog. */
function OpenedFromState() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Share
      </button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent title="Share Clip" closeLabel="Close">
          <input aria-label="Clip link" />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  test('gives the focus back to the element that opened it, with or without a trigger', async () => {
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Share Clip' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
