import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type * as ShareInbox from '../../pwa/share-inbox';
import { forgetShare, type WaitingShare } from '../../pwa/share-inbox';
import { answerClipboardKeyOff } from '../../test/clipboard-key-fixtures';
import { fakeApi } from '../../test/fake-api';
import { makeClip } from '../../test/fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import { listDevices, renderPage, share, waitingShares } from './share-page-test-kit';

vi.mock('../../pwa/share-inbox', async (importOriginal) => ({
  ...(await importOriginal<typeof ShareInbox>()),
  listWaitingShares: vi.fn(),
  forgetShare: vi.fn(),
}));

const api = fakeApi();
beforeEach(() => answerClipboardKeyOff(api));
const create = () => api.on(CLIP_ENDPOINTS.create);
/** What making a clip of `content` sends. */
const clipOf = (content: string) => ({ params: {}, query: {}, body: { content } });

describe('SharePage with several shares waiting', () => {
  setUpPageTests();
  beforeEach(() => listDevices(api));
  const mine: WaitingShare = { ...share, id: 7, files: [], text: 'Mine', title: '', url: '', from: null };
  const fromSite: WaitingShare = {
    ...share,
    id: 8,
    files: [],
    title: '',
    url: '',
    text: 'Pay this invoice',
    from: 'https://news.example',
  };
  const item = (name: RegExp) => within(screen.getByRole('listitem', { name }));

  test('each waits with where it came from and when; a share another site sent is marked as such', async () => {
    waitingShares(mine, fromSite);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Waiting shares' });
    expect(screen.getByText('2 shares are waiting: save or discard each one.')).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'From an app on this device, or a website that hid its address',
      'Sent by another website: https://news.example',
    ]);
    expect(item(/another website/).getByText('Pay this invoice')).toBeInTheDocument();
    expect(item(/another website/).getByText(/Save it only if you shared it yourself/)).toBeInTheDocument();
    expect(item(/an app on this device/).queryByText(/Save it only if you shared it yourself/)).toBeNull();
    expect(item(/an app on this device/).getByText('Just now')).toBeInTheDocument();
  });

  test('saving one keeps the page on the other and offers to open the clip; saving the last opens its clip', async () => {
    waitingShares(mine, fromSite);
    create()
      .mockResolvedValueOnce(makeClip({ id: 'first-clip' }))
      .mockResolvedValueOnce(makeClip({ id: 'second-clip' }));
    renderPage();
    await screen.findByRole('list', { name: 'Waiting shares' });
    await userEvent.click(item(/another website/).getByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByText('Saved as a clip')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /another website/ })).not.toBeInTheDocument();
    expect(create()).toHaveBeenCalledWith(clipOf('Pay this invoice'));
    expect(forgetShare).toHaveBeenCalledExactlyOnceWith(fromSite.id);

    await userEvent.click(item(/an app on this device/).getByRole('button', { name: 'Save as a clip' }));
    expect(await screen.findByText('Clip page second-clip')).toBeInTheDocument();
    expect(create()).toHaveBeenLastCalledWith(clipOf('Mine'));
    expect(forgetShare).toHaveBeenLastCalledWith(mine.id);
  });

  test('discarding one forgets only that one', async () => {
    waitingShares(mine, fromSite);
    renderPage();
    await screen.findByRole('list', { name: 'Waiting shares' });
    await userEvent.click(item(/another website/).getByRole('button', { name: 'Discard' }));
    expect(forgetShare).toHaveBeenCalledExactlyOnceWith(fromSite.id);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /another website/ })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: /an app on this device/ })).toBeInTheDocument();
    expect(create()).not.toHaveBeenCalled();
  });

  test('a share the browser could not forget stays listed', async () => {
    waitingShares(mine, fromSite);
    vi.mocked(forgetShare).mockRejectedValueOnce(new Error('IndexedDB refused'));
    renderPage();
    await screen.findByRole('list', { name: 'Waiting shares' });
    await userEvent.click(item(/another website/).getByRole('button', { name: 'Discard' }));
    // The other one, forgotten, leaves the list: by then the refusal has long been answered.
    await userEvent.click(item(/an app on this device/).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /an app on this device/ })).toBeNull());
    expect(forgetShare).toHaveBeenCalledWith(fromSite.id);
    expect(screen.getByRole('listitem', { name: /another website/ })).toBeInTheDocument();
  });

  test('Try again on a saved share the browser would not forget announces the clip made, not a second one', async () => {
    waitingShares(mine, fromSite);
    create().mockResolvedValue(makeClip({ id: 'made-once' }));
    vi.mocked(forgetShare).mockRejectedValueOnce(new Error('IndexedDB refused'));
    renderPage();
    await screen.findByRole('list', { name: 'Waiting shares' });
    await userEvent.click(item(/another website/).getByRole('button', { name: 'Save as a clip' }));
    await userEvent.click(await item(/another website/).findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Saved as a clip')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /another website/ })).not.toBeInTheDocument();
    expect(create()).toHaveBeenCalledTimes(1);
    expect(vi.mocked(forgetShare).mock.calls).toEqual([[fromSite.id], [fromSite.id]]);
  });

  test('a share refused at the bound says so above the shares that wait', async () => {
    waitingShares(mine, fromSite);
    renderPage('/share?not-received=full');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This share was not kept: 10 shares are already waiting on this device. Save or discard some, then share again.',
    );
    // The refusal comes from the address at once; the shares that wait are read from the browser after it.
    const list = await screen.findByRole('list', { name: 'Waiting shares' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  test('a share kept before senders were recorded says so', async () => {
    waitingShares({ ...mine, from: undefined });
    renderPage();
    expect(await screen.findByRole('listitem', { name: 'Sender not recorded' })).toBeInTheDocument();
  });
});
