import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import '../../../i18n';
import { DropHint } from './DropHint';

describe('DropHint', () => {
  test('keeps the desktop words for a mouse and says what a tap does on a touch screen (pointer: coarse)', () => {
    render(<DropHint isActive={false} />);
    expect(screen.getByText('Drop files here or paste (Ctrl+V) text and images')).toHaveClass('pointer-coarse:hidden');
    expect(screen.getByText('Tap Upload File to add files, or paste text')).toHaveClass(
      'hidden',
      'pointer-coarse:inline',
    );
  });
});
