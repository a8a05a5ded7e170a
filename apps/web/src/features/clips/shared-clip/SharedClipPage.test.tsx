import { CLIP_ENDPOINTS, DEVICE_ENDPOINTS, DEVICE_SEND_ENDPOINTS, type ClipUpdatePayload } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { clipsApi } from '../../../api/clips-api';
import { SocketContext } from '../../../realtime/socket-context';
import { AuthContext } from '../../../session/auth-context';
import { makeDevice, phone } from '../../../test/device-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { FakeSocket } from '../../../test/fake-socket';
import { makeClip, makeShareSettings, OWNER_ABILITIES, VIEWER_ABILITIES } from '../../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { focusEditorState } from '../editor/focus-editor-state';
import SharedClipPage from './SharedClipPage';

// Uploads go over XMLHttpRequest, which the fake server at fetch does not answer.
vi.mock('../../../api/clips-api', () => ({ clipsApi: { uploadFile: vi.fn() } }));

const api = fakeApi();
const listDevices = () => api.on(DEVICE_ENDPOINTS.list);
const sendToDevices = () => api.on(DEVICE_SEND_ENDPOINTS.create);
const read = () => api.on(CLIP_ENDPOINTS.get);
const update = () => api.on(CLIP_ENDPOINTS.update);
const removeFile = () => api.on(CLIP_ENDPOINTS.removeFile);
/** What a save of clip-1 sends: its text and the version it started from. */
const saveOf = (content: string, version: number) => ({
  params: { id: 'clip-1' },
  query: {},
  body: { content, version },
});

const owner = {
  id: 'owner-1',
  email: 'o@example.com',
  name: 'O',
  emailConfirmedAt: null,
  role: 'user' as const,
  createdAt: '2026-01-01T00:00:00Z',
};
const clip = makeClip({ content: 'Shared text', userId: owner.id, abilities: VIEWER_ABILITIES });
/** The same clip as its owner receives it: the server grants them every ability. */
const ownedClip = { ...clip, abilities: OWNER_ABILITIES };

function renderPage(
  signedInAs: typeof owner | null,
  socket = new FakeSocket().connect(),
  queryClient = new QueryClient(),
  entry: string | { pathname: string; state: unknown } = '/clips/clip-1',
) {
  const auth = fakeSession(signedInAs);
  const realtime = {
    socket: socket.asSocket(),
    isConnected: socket.connected,
    requestGuestConnection: () => () => undefined,
  };
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <SocketContext.Provider value={realtime}>
          <RouterProvider
            router={createMemoryRouter([{ path: '/clips/:clipId', element: <SharedClipPage /> }], {
              initialEntries: [entry],
            })}
          />
        </SocketContext.Provider>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return socket;
}

const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];
const acknowledgeJoin = (socket: FakeSocket) => {
  const join = socket.emitted.find((emit) => emit.event === 'clip:join');
  act(() => (join?.args[1] as (result: { ok: true }) => void)({ ok: true }));
};
const LIVE_OFF = 'Live updates are off — reload to see changes';

describe('SharedClipPage', () => {
  setUpPageTests();
  // The owner's page lists who opened the link.
  beforeEach(() => {
    api.on(CLIP_ENDPOINTS.views).mockResolvedValue({ views: [] });
  });

  test('a signed-out visitor reads the clip and sees the owner’s saves arrive live', async () => {
    read().mockResolvedValue(clip);
    const socket = renderPage(null);
    expect(screen.getByRole('status')).toHaveTextContent('Loading clip...');
    expect(await screen.findByText('View only mode. Copy or download the content.')).toBeInTheDocument();
    expect(screen.getByText('View only - Owner can edit')).toBeInTheDocument();
    const text = screen.getByLabelText('Clip content');
    expect(text).toHaveValue('Shared text');
    expect(text).toHaveAttribute('readonly');
    expect(socket.emitted).toContainEqual(
      expect.objectContaining({ event: 'clip:join', args: [{ clipId: 'clip-1' }, expect.any(Function)] }),
    );

    act(() => socket.fire('clip-content-updated', { clipId: 'clip-1', content: 'Edited by the owner' }));
    await waitFor(() => expect(text).toHaveValue('Edited by the owner'));
    expect(await findToast('Content updated by owner')).toBeInTheDocument();
  });

  test('a viewer sees whether live updates arrive: Live once following, off when the connection is lost', async () => {
    read().mockResolvedValue(clip);
    const socket = renderPage(null);
    expect(await screen.findByText('Connecting to live updates…')).toHaveAttribute('role', 'status');
    acknowledgeJoin(socket);
    expect(await screen.findByText('Live', { exact: true })).toHaveAttribute('role', 'status');
    expect(screen.queryByText(LIVE_OFF)).not.toBeInTheDocument();

    act(() => void socket.disconnect());
    expect(await screen.findByText(LIVE_OFF)).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Live', { exact: true })).not.toBeInTheDocument();
    // The view-only note stays as it was: the state is an addition.
    expect(screen.getByText('View only mode. Copy or download the content.')).toBeInTheDocument();
  });

  test('a viewer whose socket cannot connect is told live updates are off', async () => {
    read().mockResolvedValue(clip);
    const socket = renderPage(null, new FakeSocket());
    await screen.findByText('View only mode. Copy or download the content.');
    act(() => socket.fire('connect_error', new Error('Origin not allowed')));
    expect(await screen.findByText(LIVE_OFF)).toHaveAttribute('role', 'status');
  });

  test('a protected clip (a view limit or a password) shows no content and does not follow it live', async () => {
    read().mockResolvedValue({
      id: 'clip-1',
      protected: true,
      viewsLeft: 1,
      expiresAt: null,
      hasPassword: true,
    });
    const socket = renderPage(null);
    expect(await screen.findByRole('button', { name: 'Show clip' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Clip content')).not.toBeInTheDocument();
    expect(socket.emitted.filter((emit) => emit.event === 'clip:join')).toEqual([]);
  });

  test('a viewer is told when the owner deletes the clip, and its cached copy is dropped', async () => {
    read().mockResolvedValue(clip);
    const queryClient = new QueryClient();
    const socket = renderPage(null, new FakeSocket().connect(), queryClient);
    await screen.findByText('View only mode. Copy or download the content.');

    act(() => socket.fire('clip-deleted', { clipId: 'another-clip' }));
    expect(screen.getByLabelText('Clip content')).toHaveValue('Shared text');

    act(() => socket.fire('clip-deleted', { clipId: 'clip-1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { name: 'Shared Clip' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Clip content')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['clip', 'clip-1'])).toBeUndefined();
    expect(read()).toHaveBeenCalledOnce();
    expect(screen.queryByText('Failed to load clip')).not.toBeInTheDocument();
  });

  test('a taken-down link says the operator removed it: on load (410) and live, with Report this link before', async () => {
    read().mockRejectedValueOnce(
      new ApiError('This link was removed by the operator of this server', 410, 'TAKEN_DOWN'),
    );
    renderPage(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was removed by the operator of this server');
    expect(screen.queryByText('Failed to load clip')).not.toBeInTheDocument();
    cleanup();

    read().mockResolvedValue(clip);
    const socket = renderPage(null);
    await screen.findByText('View only mode. Copy or download the content.');
    expect(screen.getByRole('button', { name: 'Report this link' })).toBeVisible();
    act(() => socket.fire('item:taken-down', { kind: 'clip', id: 'clip-1', message: 'removed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was removed by the operator of this server');
    expect(screen.queryByLabelText('Clip content')).not.toBeInTheDocument();
  });

  test('the owner of a taken-down clip still reads it, with the operator’s reason', async () => {
    read().mockResolvedValue({
      ...ownedClip,
      takedown: { reason: 'Phishing page', takenDownAt: '2026-11-26T10:00:00.000Z' },
    });
    renderPage(owner);
    expect(
      await screen.findByText(/The operator of this server took this down\..*Reason: Phishing page/),
    ).toBeVisible();
    expect(screen.getByLabelText('Clip content')).toHaveValue('Shared text');
  });

  test('the owner edits: the badge shows unsaved text, sharing waits for a save, blank text is refused', async () => {
    read().mockResolvedValue(ownedClip);
    const socket = renderPage(owner);
    expect(await screen.findByText(/You can edit this clip/)).toBeInTheDocument();
    // Whether the link has been opened, for every clip (not only one with link settings).
    expect(await screen.findByText('No one has opened this link yet.')).toBeInTheDocument();
    expect(socket.emitted.filter((emit) => emit.event === 'clip:join')).toHaveLength(0);
    // The owner publishes; no live-updates state is shown to them.
    expect(screen.queryByText(/live updates/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Live', { exact: true })).not.toBeInTheDocument();
    const saveChanges = screen.getByRole('button', { name: 'Save Changes' });
    expect(saveChanges).toBeDisabled();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Clip content'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await findToast('Please save the clip first')).toBeInTheDocument();
    await userEvent.click(saveChanges);
    expect(await findToast('Please enter some content or upload a file')).toBeInTheDocument();
    expect(update()).not.toHaveBeenCalled();
  });

  test('the owner sends the saved clip to a device; unsaved text must be saved first', async () => {
    read().mockResolvedValue(ownedClip);
    listDevices().mockResolvedValue({ devices: [makeDevice(), phone] });
    sendToDevices().mockResolvedValue({
      sends: [{ id: 'SEND000000000000000001', deviceId: phone.id, status: 'delivered' }],
    });
    renderPage(owner);
    const sendButton = await screen.findByRole('button', { name: 'Send to a device' });
    await userEvent.type(screen.getByLabelText('Clip content'), ' and more');
    await userEvent.click(sendButton);
    expect(screen.queryByRole('dialog', { name: 'Send to a device' })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Clip content'));
    await userEvent.type(screen.getByLabelText('Clip content'), 'Shared text');
    await userEvent.click(sendButton);
    const dialog = within(screen.getByRole('dialog', { name: 'Send to a device' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Safari on iPhone/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [phone.id], clipId: ownedClip.id },
    });
    expect(await dialog.findByText('Delivered')).toBeInTheDocument();
  });

  test('the owner arriving from a new clip just saved keeps the cursor in the text box; otherwise not', async () => {
    read().mockResolvedValue(ownedClip);
    renderPage(owner, undefined, undefined, { pathname: '/clips/clip-1', state: focusEditorState(null) });
    expect(await screen.findByLabelText('Clip content')).toHaveFocus();
    cleanup();
    renderPage(owner);
    expect(await screen.findByLabelText('Clip content')).not.toHaveFocus();
  });

  test('the owner arriving from a new clip just saved finds the caret where it was there', async () => {
    read().mockResolvedValue(ownedClip);
    const state = { focusEditor: true, caret: { start: 6, end: 6 } };
    renderPage(owner, undefined, undefined, { pathname: '/clips/clip-1', state });
    const field = await screen.findByLabelText<HTMLTextAreaElement>('Clip content');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([6, 6]);
  });

  test('the owner saves; a refused save shows the server’s reason', async () => {
    read().mockResolvedValue(ownedClip);
    update().mockRejectedValueOnce(new ApiError('Clip content is too long', 400, 'VALIDATION_FAILED'));
    renderPage(owner);
    await userEvent.type(await screen.findByLabelText('Clip content'), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Failed to update clip: Clip content is too long')).toBeInTheDocument();

    update().mockResolvedValueOnce({ ...ownedClip, content: 'Shared text and more' });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Clip updated successfully')).toBeInTheDocument();
    // No file went with this save, so no word of files.
    expect(screen.queryByText('Files uploaded successfully')).not.toBeInTheDocument();
    expect(update()).toHaveBeenLastCalledWith(saveOf('Shared text and more', 1));
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  test('a save refused because another device saved first shows both texts; Keep mine saves over it', async () => {
    read().mockResolvedValue(ownedClip);
    const theirs = { text: 'Written on the phone', version: 2 };
    update()
      .mockRejectedValueOnce(new ApiError('Changed', 409, 'EDIT_CONFLICT', undefined, theirs))
      .mockResolvedValueOnce({ ...ownedClip, content: 'Shared text and more', version: 3 });
    renderPage(owner);
    await userEvent.type(await screen.findByLabelText('Clip content'), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Changed on another device' });
    expect(within(dialog).getByLabelText('Your version')).toHaveTextContent('Shared text and more');
    expect(within(dialog).getByLabelText('Saved on the other device')).toHaveTextContent('Written on the phone');
    expect(update()).toHaveBeenLastCalledWith(saveOf('Shared text and more', 1));
    expect(screen.queryByText(/Failed to update clip/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    // (The saved toast may be one an earlier test just showed: the same toast within 2 s is shown once.)
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(update()).toHaveBeenLastCalledWith(saveOf('Shared text and more', 2));
    expect(screen.getByLabelText('Clip content')).toHaveValue('Shared text and more');

    // The next edit starts from the version that save stored.
    update().mockResolvedValueOnce({ ...ownedClip, content: 'Shared text and more!', version: 4 });
    await userEvent.type(screen.getByLabelText('Clip content'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(update()).toHaveBeenLastCalledWith(saveOf('Shared text and more!', 3));
  });

  test('Take theirs loads the text saved on the other device and keeps nothing unsaved; closing keeps mine', async () => {
    read().mockResolvedValue(ownedClip);
    const theirs = { text: 'Written on the phone', version: 2 };
    update().mockRejectedValue(new ApiError('Changed', 409, 'EDIT_CONFLICT', undefined, theirs));
    renderPage(owner);
    await userEvent.type(await screen.findByLabelText('Clip content'), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Closed without a choice: this device's text stays in the editor, still unsaved.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Clip content')).toHaveValue('Shared text and more');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changed on another device' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(screen.getByLabelText('Clip content')).toHaveValue('Written on the phone');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(update()).toHaveBeenCalledTimes(2);
  });

  test("the owner's editor follows saves made on their other devices while untouched; edits keep their version", async () => {
    read().mockResolvedValue(ownedClip);
    const socket = renderPage(owner);
    const field = await screen.findByLabelText('Clip content');
    act(() => socket.fire('clip-update', { clipId: 'clip-1', content: 'From the phone', version: 2, files: [] }));
    await waitFor(() => expect(field).toHaveValue('From the phone'));
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await userEvent.type(field, '!');
    act(() => socket.fire('clip-update', { clipId: 'clip-1', content: 'From the tablet', version: 3, files: [] }));
    // The cache tells its observers on the next tick: once it has, this edit is still this device's.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(field).toHaveValue('From the phone!');
    update().mockRejectedValueOnce(
      new ApiError('Changed', 409, 'EDIT_CONFLICT', undefined, { text: 'From the tablet', version: 3 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(update()).toHaveBeenLastCalledWith(saveOf('From the phone!', 2));
    expect(await screen.findByRole('dialog', { name: 'Changed on another device' })).toBeInTheDocument();
  });

  test('a clip open in two of the owner’s tabs: a save and a file stored in one show in the other', async () => {
    read().mockResolvedValue(ownedClip);
    const tabs = [renderPage(owner), renderPage(owner)];
    // What the server does after every save: each socket of the owner hears it, the saving tab's included.
    const broadcast = (update: ClipUpdatePayload) =>
      act(() => tabs.forEach((socket) => socket.fire('clip-update', update)));
    await waitFor(() => expect(screen.getAllByLabelText('Clip content')).toHaveLength(2));
    const [first, second] = screen.getAllByLabelText('Clip content');

    update().mockResolvedValue({ ...ownedClip, content: 'Shared text!', version: 2 });
    await userEvent.type(first!, '!');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save Changes' })[0]!);
    broadcast({ clipId: 'clip-1', content: 'Shared text!', version: 2, files: [] });
    await waitFor(() => expect(second).toHaveValue('Shared text!'));
    expect(first).toHaveValue('Shared text!');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    // Storing a file moves no version: the other tab lists it all the same.
    const stored = { id: 'f1', name: 'notes.txt', size: 2, type: 'text/plain', url: '/api/files/f1' };
    read().mockResolvedValue({ ...ownedClip, content: 'Shared text!', version: 2, files: [stored] });
    const { id: _id, ...summary } = stored;
    broadcast({ clipId: 'clip-1', content: 'Shared text!', version: 2, files: [summary] });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Download notes.txt' })).toHaveLength(2));
    expect(first).toHaveValue('Shared text!');
    expect(second).toHaveValue('Shared text!');
  });

  test("the owner attaches a file and saves: 'Files uploaded successfully' under the saved title", async () => {
    const stored = { id: 'f1', name: 'notes.txt', size: 2, type: 'text/plain', url: '/api/files/f1' };
    read().mockResolvedValue(ownedClip);
    vi.mocked(clipsApi.uploadFile).mockResolvedValue({ url: stored.url, file: stored });
    renderPage(owner);
    await userEvent.upload(await screen.findByLabelText('Upload File'), [new File(['hi'], 'notes.txt')]);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Clip updated successfully')).toBeInTheDocument();
    expect(await findToast('Files uploaded successfully')).toBeInTheDocument();
    expect(update()).not.toHaveBeenCalled();
    expect(clipsApi.uploadFile).toHaveBeenCalledExactlyOnceWith('clip-1', expect.any(File), expect.any(Function));
  });

  test('the owner saves with Ctrl+S, and finds the buttons in the new-clip order with New Clip last', async () => {
    read().mockResolvedValue(ownedClip);
    update().mockResolvedValue({ ...ownedClip, content: 'Shared text!' });
    renderPage(owner);
    await userEvent.type(await screen.findByLabelText('Clip content'), '!');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(update()).toHaveBeenCalledExactlyOnceWith(saveOf('Shared text!', 1));
    const actions = screen.getAllByRole('button').concat(screen.getAllByRole('link', { name: 'New Clip' }));
    const names = actions.map((action) => action.textContent);
    expect(
      names.filter((name) => ['Save Changes', 'Copy Content', 'Upload File', 'Share', 'New Clip'].includes(name ?? '')),
    ).toEqual(['Save Changes', 'Copy Content', 'Upload File', 'Share', 'New Clip']);
    expect(screen.getByRole('link', { name: 'New Clip' })).toHaveAttribute('href', '/new-clip');
  });

  test('Ctrl+Enter on a saved clip saves it and the cursor stays in the text box, during the save and after', async () => {
    read().mockResolvedValue(ownedClip);
    let answer: (saved: typeof ownedClip) => void = () => undefined;
    update().mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage(owner);
    const editor = await screen.findByLabelText<HTMLTextAreaElement>('Clip content');
    await userEvent.type(editor, ' and more');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(update()).toHaveBeenCalledExactlyOnceWith(saveOf('Shared text and more', 1));
    expect(editor).toHaveFocus();
    expect(editor).toBeEnabled();
    act(() => answer({ ...ownedClip, content: 'Shared text and more', version: 2 }));
    // (Not its toast: the Ctrl+S test before this one showed the same words, and the store shows them once.)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled());
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    // Still in the editor, at the end of the text, with no line break added by the Enter.
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue('Shared text and more');
    expect(editor.selectionStart).toBe('Shared text and more'.length);
    await userEvent.keyboard('!');
    expect(editor).toHaveValue('Shared text and more!');
  });

  test('an unknown clip says so once, on the page, with no toast on top', async () => {
    read().mockRejectedValue(new ApiError('Clip not found', 404, 'NOT_FOUND'));
    renderPage(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Failed to load clip')).not.toBeInTheDocument();
  });

  test("a clip that fails to load for another reason raises 'Failed to load clip'", async () => {
    read().mockRejectedValue(new ApiError('Database unavailable', 503, 'DATABASE_UNAVAILABLE'));
    renderPage(null);
    expect(await findToast('Failed to load clip')).toBeInTheDocument();
  });

  test('the owner reads that the clip is theirs and who may do what with it', async () => {
    read().mockResolvedValue({ ...ownedClip, ownerName: 'Olivia' });
    renderPage(owner);
    expect(await screen.findByText('Your clip')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shared Clip' })).toBeInTheDocument();
    expect(screen.getByText('Only you can edit this clip · anyone with the link can view it')).toBeInTheDocument();
    expect(screen.queryByText(/Shared by/)).not.toBeInTheDocument();
  });

  test('once its link ended, the owner reads how and when, not that anyone with the link can view it', async () => {
    const endedAt = '2026-11-27T09:30:00.000Z';
    const when = new Date(endedAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
    const share = makeShareSettings({ maxViews: 1, viewsLeft: 0, state: 'viewed', endedAt });
    read().mockResolvedValue({ ...ownedClip, ownerName: 'Olivia', share });
    renderPage(owner);
    expect(
      await screen.findByText(`Only you can edit this clip · its link was used up on ${when}, nobody else can open it`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/anyone with the link/)).not.toBeInTheDocument();
    // The clip kept its text: nothing to explain about an empty editor.
    expect(screen.queryByText(/were deleted when its link ended/)).not.toBeInTheDocument();
  });

  test('a clip emptied because its link ended says why, above its empty editor', async () => {
    const share = makeShareSettings({
      expiresAt: '2026-11-27T09:30:00.000Z',
      state: 'expired',
      deleteAfter: true,
      endedAt: '2026-11-27T09:30:00.000Z',
    });
    read().mockResolvedValue({ ...ownedClip, content: '', files: [], share });
    renderPage(owner);
    expect(
      await screen.findByText(
        'Its text and files were deleted when its link ended, as you chose when you shared it. You can write in it again, or share it again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/its link expired on/)).toBeInTheDocument();
    expect(screen.getByLabelText('Clip content')).toHaveValue('');
  });

  test('a stopped link: the owner reads that nobody else can open the clip', async () => {
    read().mockResolvedValue({ ...ownedClip, share: makeShareSettings({ linkId: null }) });
    renderPage(owner);
    expect(
      await screen.findByText('Only you can edit this clip · it is not shared, nobody else can open it'),
    ).toBeInTheDocument();
  });

  test("a visitor reads whose clip it is under the 'Shared Clip' title, and not that it is theirs", async () => {
    read().mockResolvedValue({ ...clip, ownerName: 'Alice Martin' });
    renderPage(null);
    expect(await screen.findByText('Shared by Alice Martin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shared Clip' })).toBeInTheDocument();
    expect(screen.queryByText('Your clip')).not.toBeInTheDocument();
    expect(screen.queryByText(/Only you can edit/)).not.toBeInTheDocument();
  });

  test('the owner removes an attached file after confirming; Cancel keeps it', async () => {
    const kept = { id: 'f1', name: 'keep.txt', size: 2, type: 'text/plain', url: '/api/files/f1/keep.txt' };
    const removed = { id: 'f2', name: 'old.pdf', size: 9, type: 'application/pdf', url: '/api/files/f2/old.pdf' };
    read().mockResolvedValue({ ...ownedClip, files: [kept, removed] });
    removeFile().mockResolvedValue(undefined);
    renderPage(owner);

    await userEvent.click(await screen.findByRole('button', { name: 'Remove old.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this file?' });
    expect(dialog).toHaveTextContent('“old.pdf” will be removed from this clip for everyone who has its link.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removeFile()).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove old.pdf' }));
    read().mockResolvedValue({ ...ownedClip, files: [kept] });
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove this file?' })).getByRole('button', {
        name: 'Remove file',
      }),
    );
    expect(await findToast('File removed')).toBeInTheDocument();
    expect(removeFile()).toHaveBeenCalledExactlyOnceWith({
      params: { id: 'clip-1', fileId: 'f2' },
      query: {},
      body: undefined,
    });
    await waitFor(() => expect(screen.queryByText('old.pdf')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Download keep.txt' })).toBeInTheDocument();
  });

  test('a refused removal says so and keeps the file listed', async () => {
    const file = { id: 'f1', name: 'keep.txt', size: 2, type: 'text/plain', url: '/api/files/f1/keep.txt' };
    read().mockResolvedValue({ ...ownedClip, files: [file] });
    removeFile().mockRejectedValue(new ApiError('File not found', 404, 'NOT_FOUND'));
    renderPage(owner);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove keep.txt' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove file' }));
    expect(await findToast('Could not remove the file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download keep.txt' })).toBeInTheDocument();
  });

  test('a viewer has no remove control, and a file the owner removes leaves their page live', async () => {
    const file = { id: 'f1', name: 'old.pdf', size: 9, type: 'application/pdf', url: '/api/files/f1/old.pdf' };
    read().mockResolvedValue({ ...clip, files: [file] });
    const socket = renderPage(null);
    expect(await screen.findByRole('button', { name: 'Download old.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove old.pdf' })).not.toBeInTheDocument();

    read().mockResolvedValue({ ...clip, files: [] });
    act(() => socket.fire('clip-files-updated', { clipId: 'clip-1', files: [] }));
    await waitFor(() => expect(screen.queryByText('old.pdf')).not.toBeInTheDocument());
  });

  test('a file waiting in Pending Files is said not to be shared until Save Changes', async () => {
    read().mockResolvedValue(ownedClip);
    renderPage(owner);
    await userEvent.upload(await screen.findByLabelText('Upload File'), [new File(['hi'], 'draft.txt')]);
    const pending = screen.getByRole('region', { name: 'Pending Files' });
    expect(within(pending).getByText('Not shared yet — press Save Changes')).toBeInTheDocument();
    expect(within(pending).getByText('draft.txt')).toBeInTheDocument();
  });
});
