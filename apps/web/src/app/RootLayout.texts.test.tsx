import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test } from 'vitest';
import { AuthContext } from '../session/auth-context';
import { withLandingTextsOnly } from '../test/landing-texts-only';
import { fakeSession } from '../test/page-test-setup';
import { RootLayout } from './RootLayout';

// Its own file: the dialog's lazy part loads once per module, and this is about that first load.
test('? on the landing page, which has loaded only its own texts, lists the shortcuts in words', async () => {
  await withLandingTextsOnly(async () => {
    const router = createMemoryRouter([
      { element: <RootLayout />, children: [{ path: '/', element: <p>Landing</p> }] },
    ]);
    render(
      <AuthContext.Provider value={fakeSession(null)}>
        <RouterProvider router={router} />
      </AuthContext.Provider>,
    );
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Save the clip');
    expect(dialog).not.toHaveTextContent('shortcuts.');
  });
});
