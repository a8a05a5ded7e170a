import { CLIP_ENDPOINTS, MAX_UPLOAD_BYTES, type ClipFile } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { clipsApi } from '../../../api/clips-api';
import { AuthContext, type AuthContextValue } from '../../../session/auth-context';
import { answerClipboardKeyOff } from '../../../test/clipboard-key-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { makeClip, testUser as user } from '../../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import { editorFocusAskedBy } from '../editor/focus-editor-state';
import NewClipPage from './NewClipPage';

// Uploads go over XMLHttpRequest, which the fake server at fetch does not answer.
vi.mock('../../../api/clips-api', () => ({ clipsApi: { uploadFile: vi.fn() } }));

const api = fakeApi();
beforeEach(() => answerClipboardKeyOff(api));
const create = () => api.on(CLIP_ENDPOINTS.create);
const update = () => api.on(CLIP_ENDPOINTS.update);
/** What a save of the draft sends: its text and the version it started from. */
const saveOf = (content: string, version: number) => ({
  params: { id: 'clip-1' },
  query: {},
  body: { content, version },
});

const draft = makeClip();

const fileOfSize = (name: string, size: number) => {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** Stands in for the owner's clip page: which clip the address names. */
function ClipAddress() {
  const asksForFocus = editorFocusAskedBy(useLocation().state);
  return (
    <>
      <p>Clip page {useParams().clipId}</p>
      {asksForFocus && <p>Editor focus asked</p>}
    </>
  );
}

function renderPage(status: AuthContextValue['status'] = 'signedIn') {
  const auth = fakeSession(status === 'signedIn' ? user : null, status);
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={auth}>
          <RouterProvider
            router={createMemoryRouter(
              [
                { path: '/new-clip', element: <NewClipPage /> },
                { path: '/auth', element: <p>Auth screen</p> },
                { path: '/clips/:clipId', element: <ClipAddress /> },
              ],
              { initialEntries: ['/new-clip'] },
            )}
          />
        </AuthContext.Provider>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** Radix repeats a toast's text in a live region; the visible toast is the first. */
const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];
const pickFiles = (files: File[]) => userEvent.upload(screen.getByLabelText('Upload File'), files);

describe('NewClipPage', () => {
  setUpPageTests();

  test('creates exactly one draft, even under StrictMode, and shows Save Clip once it exists', async () => {
    create().mockResolvedValue(draft);
    renderPage();
    expect(screen.getByRole('button', { name: 'Initializing...' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Save Clip' })).toBeEnabled();
    expect(create()).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });

  test('refuses a file over 10 MB by name and still adds the others', async () => {
    create().mockResolvedValue(draft);
    renderPage();
    await pickFiles([fileOfSize('huge.iso', MAX_UPLOAD_BYTES + 1), fileOfSize('notes.txt', 2048)]);
    expect(await findToast('File(s) too large: huge.iso. Maximum file size is 10MB.')).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending Files' });
    expect(within(pending).getByText('notes.txt')).toBeInTheDocument();
    expect(within(pending).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(pending).queryByText('huge.iso')).not.toBeInTheDocument();
  });

  test('saving nothing asks for content', async () => {
    create().mockResolvedValue(draft);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Clip' }));
    expect(await findToast('Please enter some content or upload a file')).toBeInTheDocument();
    expect(update()).not.toHaveBeenCalled();
  });

  test("saves the text, uploads the pending files, then moves to the clip's own address", async () => {
    const stored: ClipFile = { id: 'f1', name: 'notes.txt', size: 2048, type: 'text/plain', url: '/api/files/f1' };
    create().mockResolvedValue(draft);
    update().mockResolvedValue({ ...draft, content: 'hello' });
    vi.mocked(clipsApi.uploadFile).mockImplementation(async (_id, _file, onProgress) => {
      onProgress?.(1);
      return { url: stored.url, file: stored };
    });
    renderPage();
    await userEvent.type(screen.getByLabelText('Clip content'), 'hello');
    await pickFiles([fileOfSize('notes.txt', 2048)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Clip' }));

    expect(await findToast('Clip saved successfully')).toBeInTheDocument();
    expect(await findToast('Files uploaded successfully')).toBeInTheDocument();
    expect(update()).toHaveBeenCalledWith(saveOf('hello', 1));
    expect(clipsApi.uploadFile).toHaveBeenCalledWith('clip-1', expect.any(File), expect.any(Function));
    expect(await screen.findByText('Clip page clip-1')).toBeInTheDocument();
  });

  test("Ctrl+Enter and Cmd+S save from the text area, and stop the browser's own save", async () => {
    create().mockResolvedValue(draft);
    update().mockResolvedValue({ ...draft, content: 'typed' });
    renderPage();
    await screen.findByRole('button', { name: 'Save Clip' });
    await userEvent.type(screen.getByLabelText('Clip content'), 'typed');
    const save = new KeyboardEvent('keydown', { key: 's', metaKey: true, bubbles: true, cancelable: true });
    screen.getByLabelText('Clip content').dispatchEvent(save);
    expect(save.defaultPrevented).toBe(true);
    expect(await screen.findByText('Clip page clip-1')).toBeInTheDocument();
    expect(update()).toHaveBeenCalledExactlyOnceWith(saveOf('typed', 1));
  });

  test('Ctrl+Enter saves too, and the clip page it moves to is asked to keep the cursor in its text box', async () => {
    create().mockResolvedValue(draft);
    update().mockResolvedValue({ ...draft, content: 'x' });
    renderPage();
    await screen.findByRole('button', { name: 'Save Clip' });
    await userEvent.keyboard('x{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Clip page clip-1')).toBeInTheDocument();
    expect(screen.getByText('Editor focus asked')).toBeInTheDocument();
    expect(update()).toHaveBeenCalledExactlyOnceWith(saveOf('x', 1));
  });

  test('opens with the cursor in the text box', async () => {
    create().mockResolvedValue(draft);
    renderPage();
    expect(screen.getByLabelText('Clip content')).toHaveFocus();
    await screen.findByRole('button', { name: 'Save Clip' });
    expect(screen.getByLabelText('Clip content')).toHaveFocus();
  });

  test('a failed upload on the first save undoes it: the clip is deleted, its text and files stay to try again', async () => {
    create()
      .mockResolvedValueOnce(draft)
      .mockResolvedValueOnce(makeClip({ id: 'clip-2' }));
    update().mockResolvedValue(draft);
    const remove = api.on(CLIP_ENDPOINTS.remove).mockResolvedValue(undefined);
    vi.mocked(clipsApi.uploadFile).mockRejectedValue(new Error('Network error'));
    renderPage();
    await userEvent.type(await screen.findByLabelText('Clip content'), 'Q3 figures');
    await pickFiles([fileOfSize('a.bin', 10), fileOfSize('b.bin', 10)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Clip' }));
    expect(await findToast('Nothing was saved')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ params: { id: 'clip-1' } }));
    const pending = screen.getByRole('region', { name: 'Pending Files' });
    expect(within(pending).getByText('a.bin')).toBeInTheDocument();
    expect(within(pending).getByText('b.bin')).toBeInTheDocument();
    expect(screen.getByLabelText('Clip content')).toHaveValue('Q3 figures');
    expect(clipsApi.uploadFile).toHaveBeenCalledOnce();
    // A fresh draft takes the deleted clip's place: the next Save goes there.
    expect(await screen.findByRole('button', { name: 'Save Clip' })).toBeEnabled();
    expect(create()).toHaveBeenCalledTimes(2);
  });

  test('a file larger than the room left is named, with its size, the room left and the quota', async () => {
    create().mockResolvedValue(draft);
    update().mockResolvedValue(draft);
    api.on(CLIP_ENDPOINTS.remove).mockResolvedValue(undefined);
    const MIB = 1024 * 1024;
    const overQuota = { fileName: 'report.pdf', fileBytes: 6.04 * MIB, leftBytes: 5 * MIB - 69, quotaBytes: 5 * MIB };
    vi.mocked(clipsApi.uploadFile).mockRejectedValue(
      new ApiError('over', 413, 'QUOTA_EXCEEDED', undefined, undefined, {}, [], '', overQuota),
    );
    renderPage();
    await pickFiles([fileOfSize('report.pdf', overQuota.fileBytes)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Clip' }));
    expect(await findToast('Nothing was saved')).toBeInTheDocument();
    expect(await findToast('report.pdf (6.0 MB) is larger than the 4.9 MB left of your 5 MB')).toBeInTheDocument();
    expect(screen.queryByText('Your storage is full. Delete some files to make room for new ones.')).toBeNull();
  });

  test('a full storage says what to do about it', async () => {
    create().mockResolvedValue(draft);
    update().mockResolvedValue(draft);
    api.on(CLIP_ENDPOINTS.remove).mockResolvedValue(undefined);
    vi.mocked(clipsApi.uploadFile).mockRejectedValue(
      new ApiError('Your files may take up to 1GB', 413, 'QUOTA_EXCEEDED'),
    );
    renderPage();
    await pickFiles([fileOfSize('big.bin', 10)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Clip' }));
    expect(await findToast('Nothing was saved')).toBeInTheDocument();
    expect(await findToast('Your storage is full. Delete some files to make room for new ones.')).toBeInTheDocument();
  });

  test('a draft that could not be created is reported', async () => {
    create().mockRejectedValue(new Error('Server error'));
    renderPage();
    expect(await findToast('Failed to initialize clip')).toBeInTheDocument();
  });

  test('a signed-out visitor is sent to sign in, and creates nothing', () => {
    renderPage('signedOut');
    expect(screen.getByText('Auth screen')).toBeInTheDocument();
    expect(create()).not.toHaveBeenCalled();
  });
});
