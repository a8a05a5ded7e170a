import { render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { changeLanguage } from '../i18n';
import { Toaster } from './Toaster';

afterEach(() => changeLanguage('en'));

test("the toasts' region is named in the reader's language, with the key that reaches it", async () => {
  await changeLanguage('de');
  render(<Toaster />);
  expect(screen.getByRole('region', { name: 'Benachrichtigungen (F8)' })).toBeInTheDocument();
});
