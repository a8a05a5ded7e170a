import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import '../../../i18n';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Editor({ isDirty }: { isDirty: boolean }) {
  useUnsavedChangesGuard(isDirty);
  return <Link to="/elsewhere">Leave</Link>;
}

function renderEditor(isDirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/editor', element: <Editor isDirty={isDirty} /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/editor'] },
  );
  render(<RouterProvider router={router} />);
}

describe('useUnsavedChangesGuard', () => {
  afterEach(() => vi.restoreAllMocks());

  test('asks before leaving with unsaved changes and stays when told to', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderEditor(true);
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(screen.getByRole('link', { name: 'Leave' })).toBeInTheDocument();
  });

  test('leaves when the person agrees', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderEditor(true);
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  test('leaves without asking when nothing is unsaved', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderEditor(false);
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  test('closing the tab with unsaved changes gets the browser warning', () => {
    renderEditor(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
