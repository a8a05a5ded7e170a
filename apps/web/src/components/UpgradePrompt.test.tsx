import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { upgradePrompt } from './upgrade-prompt';
import { UpgradePrompt } from './UpgradePrompt';

function renderPrompt() {
  const router = createMemoryRouter(
    [
      { path: '/rooms', element: <UpgradePrompt /> },
      { path: '/billing', element: <p>Billing page</p> },
    ],
    { initialEntries: ['/rooms'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UpgradePrompt', () => {
  afterEach(() => act(() => upgradePrompt.dismiss()));

  test('names the plan a refused action needs and leads to the billing page', async () => {
    const router = renderPrompt();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => upgradePrompt.offer('advanced'));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Advanced' });
    expect(dialog).toHaveTextContent('This needs the Advanced plan.');
    await userEvent.click(screen.getByRole('link', { name: 'See plans' }));
    expect(router.state.location.pathname).toBe('/billing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("'Not now' closes it where the user was", async () => {
    const router = renderPrompt();
    act(() => upgradePrompt.offer('pro'));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rooms');
  });
});
