import { CLIP_ENDPOINTS, DEVICE_SEND_ENDPOINTS, SHARE_CLAIM_ENDPOINTS } from '@clipsync/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { clipsApi } from '../../api/clips-api';
import type * as ShareInbox from '../../pwa/share-inbox';
import { forgetShare, listWaitingShares } from '../../pwa/share-inbox';
import { phone } from '../../test/device-fixtures';
import { answerClipboardKeyOff } from '../../test/clipboard-key-fixtures';
import { fakeApi } from '../../test/fake-api';
import { makeClip } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { listDevices, renderPage, sendToPhone, share, uploaded, waitingShares } from './share-page-test-kit';

// Uploads go over XMLHttpRequest, which the fake server at fetch does not answer.
vi.mock('../../api/clips-api', () => ({ clipsApi: { uploadFile: vi.fn() } }));
vi.mock('../../pwa/share-inbox', async (importOriginal) => ({
  ...(await importOriginal<typeof ShareInbox>()),
  listWaitingShares: vi.fn(),
  forgetShare: vi.fn(),
}));

const api = fakeApi();
beforeEach(() => answerClipboardKeyOff(api));
const sendToDevices = () => api.on(DEVICE_SEND_ENDPOINTS.create);
const create = () => api.on(CLIP_ENDPOINTS.create);
/** What making a clip of `content` sends. */
const clipOf = (content: string) => ({ params: {}, query: {}, body: { content } });

describe('SharePage', () => {
  setUpPageTests();
  beforeEach(() => listDevices(api));

  test('what was shared is shown first; Save makes one clip of its text and every file, and the clip opens', async () => {
    waitingShares(share);
    create().mockResolvedValue(makeClip({ id: 'shared-1' }));
    vi.mocked(clipsApi.uploadFile).mockResolvedValue(uploaded);
    renderPage();
    // Any page can post to /share-target: nothing is saved before the user has seen it and said so.
    expect(await screen.findByText('Save what you shared as a clip?')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Files' })).toHaveTextContent('photo.jpg');
    expect(create()).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByText('Clip page shared-1')).toBeInTheDocument();
    expect(create()).toHaveBeenCalledTimes(1);
    expect(create()).toHaveBeenCalledWith(clipOf('A page\nLook at this\nhttps://example.com/x'));
    expect(vi.mocked(clipsApi.uploadFile).mock.calls.map(([id, file]) => [id, file.name])).toEqual([
      ['shared-1', 'photo.jpg'],
      ['shared-1', 'notes.pdf'],
    ]);
    expect(forgetShare).toHaveBeenCalledExactlyOnceWith(share.id);
  });

  test('Send to a device sends shared text as text through the picker; once sent, the share is done with', async () => {
    waitingShares({ ...share, files: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send to a device' }));
    await sendToPhone();
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: {
        to: [phone.id],
        text: 'A page\nLook at this\nhttps://example.com/x',
      },
    });
    expect(create()).not.toHaveBeenCalled();
    expect(await screen.findByText('Nothing is waiting to be saved.')).toBeInTheDocument();
    expect(forgetShare).toHaveBeenCalledExactlyOnceWith(share.id);
  });

  test('Send to a device with files saves the clip as Save does, sends the clip, and then opens it', async () => {
    waitingShares(share);
    create().mockResolvedValue(makeClip({ id: 'shared-2' }));
    vi.mocked(clipsApi.uploadFile).mockResolvedValue(uploaded);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send to a device' }));
    await sendToPhone();
    expect(create()).toHaveBeenCalledWith(clipOf('A page\nLook at this\nhttps://example.com/x'));
    expect(clipsApi.uploadFile).toHaveBeenCalledTimes(2);
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [phone.id], clipId: 'shared-2' },
    });
    expect(await screen.findByText('Clip page shared-2')).toBeInTheDocument();
  });

  test('closing the picker without sending keeps shared text waiting', async () => {
    waitingShares({ ...share, files: [] });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send to a device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send to a device' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Save as a clip' })).toBeInTheDocument();
    expect(forgetShare).not.toHaveBeenCalled();
    expect(sendToDevices()).not.toHaveBeenCalled();
  });

  test('a share made while signed out waits for the sign-in: nothing is saved or forgotten', async () => {
    waitingShares(share);
    renderPage('/share', 'signedOut');
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(create()).not.toHaveBeenCalled();
    expect(forgetShare).not.toHaveBeenCalled();
  });

  test('a failure keeps the share for Try again', async () => {
    waitingShares(share);
    create()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(makeClip({ id: 'c2' }));
    vi.mocked(clipsApi.uploadFile).mockResolvedValue(uploaded);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('What you shared could not be saved.');
    expect(forgetShare).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Clip page c2')).toBeInTheDocument();
    expect(forgetShare).toHaveBeenCalledExactlyOnceWith(share.id);
  });

  test('Try again after the browser would not forget the share forgets it, and makes no second clip', async () => {
    waitingShares(share);
    create().mockResolvedValue(makeClip({ id: 'made-once' }));
    vi.mocked(clipsApi.uploadFile).mockResolvedValue(uploaded);
    vi.mocked(forgetShare).mockRejectedValueOnce(new Error('IndexedDB refused'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('What you shared could not be saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Clip page made-once')).toBeInTheDocument();
    expect(create()).toHaveBeenCalledTimes(1);
    expect(vi.mocked(forgetShare).mock.calls).toEqual([[share.id], [share.id]]);
    // The files wait for the share to be forgotten, so they are attached once, to the clip made the first time.
    expect(vi.mocked(clipsApi.uploadFile).mock.calls.map(([id, file]) => [id, file.name])).toEqual([
      ['made-once', 'photo.jpg'],
      ['made-once', 'notes.pdf'],
    ]);
  });

  test('a file the server refuses is reported; the rest of the share is still saved and opened', async () => {
    waitingShares(share);
    create().mockResolvedValue(makeClip({ id: 'c3' }));
    vi.mocked(clipsApi.uploadFile).mockRejectedValueOnce(new Error('too large')).mockResolvedValue(uploaded);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByText('Clip page c3')).toBeInTheDocument();
    expect(clipsApi.uploadFile).toHaveBeenCalledTimes(2);
    expect((await screen.findAllByText('photo.jpg'))[0]).toBeInTheDocument();
  });

  test('Discard forgets the share and saves nothing', async () => {
    waitingShares(share);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Nothing is waiting to be saved.')).toBeInTheDocument();
    expect(forgetShare).toHaveBeenCalledExactlyOnceWith(share.id);
    expect(create()).not.toHaveBeenCalled();
  });

  test('with nothing waiting it says so, and why when the share never reached the app', async () => {
    waitingShares();
    renderPage();
    expect(await screen.findByText('Nothing is waiting to be saved.')).toBeInTheDocument();
    expect(create()).not.toHaveBeenCalled();
  });

  test('the server sends a share no service worker caught here, with the reason', async () => {
    waitingShares();
    renderPage('/share?not-received');
    expect(await screen.findByText(/This share did not reach ClipSync/)).toBeInTheDocument();
  });

  test('a share too large for the server says why it was not kept', async () => {
    waitingShares();
    renderPage('/share?not-received=too-large');
    expect(await screen.findByText(/a file is over 10 MB/)).toBeInTheDocument();
  });
});

describe('SharePage with a claim link (a share the server kept)', () => {
  setUpPageTests();
  const getClaim = () => api.on(SHARE_CLAIM_ENDPOINTS.get);
  const claim = () => api.on(SHARE_CLAIM_ENDPOINTS.claim);
  const discard = () => api.on(SHARE_CLAIM_ENDPOINTS.discard);
  beforeEach(() => listDevices(api));
  const token = 'T'.repeat(43);
  const kept = {
    content: 'Shared from my phone\nhttps://example.com/page',
    files: [
      { name: 'first.txt', size: 10, type: 'text/plain' },
      { name: 'second.txt', size: 11, type: 'text/plain' },
    ],
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  };

  test('what waits is shown on the same screen; Save as a clip claims it once and the clip opens', async () => {
    getClaim().mockResolvedValue(kept);
    claim().mockResolvedValue({ clipId: 'claimed-1' });
    renderPage(`/share#claim=${token}`);
    expect(await screen.findByText('Save what you shared as a clip?')).toBeInTheDocument();
    expect(screen.getByText(/Shared from my phone/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Files' })).toHaveTextContent('first.txt');
    expect(screen.getByRole('list', { name: 'Files' })).toHaveTextContent('second.txt');
    // Anyone can post to the server or hand out the link: it names no sender and says so.
    const waiting = screen.getByRole('listitem', { name: /Received by the server/ });
    expect(waiting).toHaveTextContent('Save it only if you shared it yourself.');
    expect(getClaim()).toHaveBeenCalledWith({ params: { token }, query: {} });
    expect(claim()).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByText('Clip page claimed-1')).toBeInTheDocument();
    expect(claim()).toHaveBeenCalledTimes(1);
    expect(claim()).toHaveBeenCalledWith({ params: { token }, query: {} });
    expect(listWaitingShares).not.toHaveBeenCalled();
  });

  test('Send to a device claims the clip when files wait, sends it, then opens it', async () => {
    getClaim().mockResolvedValue(kept);
    claim().mockResolvedValue({ clipId: 'claimed-2' });
    renderPage(`/share#claim=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Send to a device' }));
    await sendToPhone();
    expect(claim()).toHaveBeenCalledTimes(1);
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [phone.id], clipId: 'claimed-2' },
    });
    expect(await screen.findByText('Clip page claimed-2')).toBeInTheDocument();
  });

  test('a claim link holding text alone sends it as text and drops the claim once sent', async () => {
    getClaim().mockResolvedValue({ ...kept, files: [] });
    discard().mockResolvedValue(undefined);
    renderPage(`/share#claim=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Send to a device' }));
    await sendToPhone();
    expect(sendToDevices()).toHaveBeenCalledWith({
      params: {},
      query: {},
      body: { to: [phone.id], text: kept.content },
    });
    expect(claim()).not.toHaveBeenCalled();
    expect(await screen.findByText(/This share is no longer waiting/)).toBeInTheDocument();
    expect(discard()).toHaveBeenCalledWith({ params: { token }, query: {} });
  });

  test('a refused claim (the storage quota) says why and keeps Try again', async () => {
    getClaim().mockResolvedValue(kept);
    claim().mockRejectedValueOnce(new ApiError('Your files may take up to 1GB', 413, 'QUOTA_EXCEEDED'));
    renderPage(`/share#claim=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('What you shared could not be saved.');
    expect((await screen.findAllByText(/Your files may take up to 1GB/))[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('Discard drops it on the server', async () => {
    getClaim().mockResolvedValue(kept);
    discard().mockResolvedValue(undefined);
    renderPage(`/share#claim=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(/This share is no longer waiting/)).toBeInTheDocument();
    expect(discard()).toHaveBeenCalledWith({ params: { token }, query: {} });
  });

  test('a used, discarded or expired link says it no longer waits', async () => {
    getClaim().mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderPage(`/share#claim=${token}`);
    expect(await screen.findByText(/This share is no longer waiting/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as a clip' })).not.toBeInTheDocument();
  });
});
