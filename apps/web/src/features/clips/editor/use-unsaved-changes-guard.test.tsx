import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import '../../../i18n';
import { LeaveUnsavedDialog } from './LeaveUnsavedDialog';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Editor({ isDirty }: { isDirty: boolean }) {
  const guard = useUnsavedChangesGuard(isDirty);
  return (
    <>
      <Link to="/elsewhere">Go elsewhere</Link>
      <LeaveUnsavedDialog guard={guard} />
    </>
  );
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

  test("asks in the app's own dialog (never window.confirm) and stays when told to", async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderEditor(true);
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go elsewhere' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  test('leaves when the person agrees', async () => {
    renderEditor(true);
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  test('leaves without asking when nothing is unsaved', async () => {
    renderEditor(false);
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('closing the tab with unsaved changes gets the browser warning', () => {
    renderEditor(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
