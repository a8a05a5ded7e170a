import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AuthContext } from '../session/auth-context';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { RootLayout } from './RootLayout';

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <p>Landing</p> },
          {
            path: '/clips',
            handle: { titleKey: 'pages.clips' },
            element: (
              <main id="main" tabIndex={-1}>
                <input type="search" aria-label="Search" />
                <input aria-label="Note" />
              </main>
            ),
          },
          { path: '/new-clip', handle: { titleKey: 'pages.newClip' }, element: <p>New clip page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthContext.Provider value={fakeSession(testUser)}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

describe('RootLayout', () => {
  setUpPageTests();

  test("titles the tab after the page ('All Clips · ClipSync'), the landing page after the app", async () => {
    const router = renderApp('/clips');
    expect(document.title).toBe('All Clips · ClipSync');
    await router.navigate('/');
    expect(await screen.findByText('Landing')).toBeInTheDocument();
    // The title is set by an effect, which may run after the page is already in the document.
    await waitFor(() => expect(document.title).toBe('ClipSync'));
  });

  test('/ focuses the search field and n opens a new clip', async () => {
    const router = renderApp('/clips');
    await userEvent.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    screen.getByRole('searchbox').blur();
    await userEvent.keyboard('n');
    expect(router.state.location.pathname).toBe('/new-clip');
    await waitFor(() => expect(document.title).toBe('New Clip · ClipSync'));
  });

  test('no single-key shortcut fires while typing in a field, nor with Ctrl', async () => {
    const router = renderApp('/clips');
    await userEvent.click(screen.getByRole('textbox', { name: 'Note' }));
    await userEvent.keyboard('n/?');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('n/?');
    screen.getByRole('textbox', { name: 'Note' }).blur();
    await userEvent.keyboard('{Control>}n{/Control}');
    expect(router.state.location.pathname).toBe('/clips');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('? lists the shortcuts', async () => {
    renderApp('/');
    await userEvent.keyboard('?');
    // The dialog's code loads on this first opening, which takes jsdom more than findBy's 1 s on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Save the clip');
    expect(dialog).toHaveTextContent('Search clips');
    expect(dialog).toHaveTextContent('New clip');
  });

  test('the first Tab reaches the skip link, which leads to the page’s main content', async () => {
    renderApp('/clips');
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
  });
});
