import { ROOM_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { AddMemberDialog } from './AddMemberDialog';

const api = fakeApi();
const addMember = () => api.on(ROOM_ENDPOINTS.addMember);

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddMemberDialog roomId="room-1" isOpen onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Add New Member' }), onOpenChange };
}

describe('AddMemberDialog', () => {
  setUpPageTests();

  test("says an invitation was sent, with 'Member invited', and stays open for the next address", async () => {
    addMember().mockResolvedValue({ invited: 'friend@example.com' });
    const { dialog, onOpenChange } = renderDialog();
    expect(dialog).toHaveTextContent('Enter an email address: it receives an invitation to join this room.');
    const email = within(dialog).getByLabelText('Email');
    await userEvent.type(email, ' friend@example.com ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Invitation sent to friend@example.com. They join the room once they accept it.',
    );
    expect(addMember()).toHaveBeenCalledExactlyOnceWith({
      params: { id: 'room-1' },
      query: {},
      body: { email: 'friend@example.com' },
    });
    expect((await screen.findAllByText('Member invited'))[0]).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  test('a refusal (the hourly limit) shows the server’s reason instead', async () => {
    addMember().mockRejectedValue(new ApiError('At most 30 invitations an hour can be sent.', 429, 'RATE_LIMITED'));
    const { dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'friend@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 30 invitations an hour can be sent.');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect((await screen.findAllByText('Failed to add member'))[0]).toBeInTheDocument();
  });
});
