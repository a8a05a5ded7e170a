import { CLIP_ENDPOINTS, type Clip, type ProtectedClipCard } from '@clipsync/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { makeClip, VIEWER_ABILITIES } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderLivePage } from '../../../test/render-live-page';
import SharedClipPage from './SharedClipPage';

const api = fakeApi();
const read = () => api.on(CLIP_ENDPOINTS.get);
const open = () => api.on(CLIP_ENDPOINTS.open);

const HOUR = 3_600_000;
const card = (overrides: Partial<ProtectedClipCard> = {}): ProtectedClipCard => ({
  id: 'link-1',
  protected: true,
  viewsLeft: 1,
  expiresAt: new Date(Date.now() + 6 * HOUR + 60_000).toISOString(),
  hasPassword: false,
  ...overrides,
});
const openedClip: Clip = makeClip({
  id: 'link-1',
  content: 'The secret',
  userId: 'owner',
  abilities: VIEWER_ABILITIES,
});
const GRANT = { token: '123.signature', expiresAt: '2026-01-01T00:30:00Z' };

const renderCard = () =>
  renderLivePage({ path: '/clips/:clipId', url: '/clips/link-1', element: <SharedClipPage />, user: null });
const showClip = () => userEvent.click(screen.getByRole('button', { name: 'Show clip' }));

describe('ShowClipCard', () => {
  setUpPageTests();

  test('says what the link allows, spends nothing until "Show clip", then shows the clip and follows it with the grant', async () => {
    read().mockResolvedValue(card());
    open().mockResolvedValue({ clip: openedClip, grant: GRANT });
    const { socket } = renderCard();
    expect(await screen.findByText('A clip shared with you · 1 view left · expires in 6 h')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(open()).not.toHaveBeenCalled();
    expect(socket.emitted.filter((emit) => emit.event === 'clip:join')).toEqual([]);

    await showClip();
    expect(open()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'link-1' }, query: {}, body: {} });
    expect(await screen.findByLabelText('Clip content')).toHaveValue('The secret');
    const join = socket.emitted.find((emit) => emit.event === 'clip:join');
    expect(join?.args[0]).toEqual({ clipId: 'link-1', grant: GRANT.token });

    // The owner's save arrives live; the clip is not read again (that would take another view).
    act(() => socket.fire('clip-content-updated', { clipId: 'link-1', content: 'Changed' }));
    expect(screen.getByLabelText('Clip content')).toHaveValue('Changed');
    expect(read()).toHaveBeenCalledTimes(1);
  });

  test('a one-time link says, before and while it is shown, that leaving or reloading spends the view', async () => {
    read().mockResolvedValue(card());
    open().mockResolvedValue({ clip: openedClip, grant: GRANT });
    renderCard();
    expect(
      await screen.findByText(
        'Showing it spends one view. This is its last view: once it is shown, leaving or reloading this page ends the link.',
      ),
    ).toBeInTheDocument();
    await showClip();
    expect(await screen.findByLabelText('Clip content')).toHaveValue('The secret');
    expect(
      screen.getByText(
        'This was the link’s last view: leaving or reloading this page ends it. Copy or download what you need first.',
      ),
    ).toBeInTheDocument();
  });

  test('a link with views to spare says that coming back spends another; one without a limit says nothing', async () => {
    read().mockResolvedValue(card({ viewsLeft: 3 }));
    open().mockResolvedValue({ clip: openedClip, grant: GRANT });
    renderCard();
    expect(
      await screen.findByText(
        'Showing it spends one view. Once it is shown, leaving or reloading this page spends another view to see it again.',
      ),
    ).toBeInTheDocument();
    await showClip();
    expect(
      await screen.findByText('Leaving or reloading this page spends another view to see the clip again.'),
    ).toBeInTheDocument();
  });

  test('a link with only a password spends no view, so leaving costs nothing and nothing says it does', async () => {
    read().mockResolvedValue(card({ viewsLeft: null, hasPassword: true }));
    open().mockResolvedValue({ clip: openedClip, grant: GRANT });
    renderCard();
    await userEvent.type(await screen.findByLabelText('Password'), 'open sesame');
    await showClip();
    expect(await screen.findByLabelText('Clip content')).toHaveValue('The secret');
    expect(screen.queryByText(/Leaving or reloading/)).not.toBeInTheDocument();
  });

  test('counts views in the plural, and a password is asked for and sent', async () => {
    read().mockResolvedValue(card({ viewsLeft: 3, expiresAt: null, hasPassword: true }));
    open().mockResolvedValue({ clip: openedClip, grant: GRANT });
    renderCard();
    expect(await screen.findByText('A clip shared with you · 3 views left')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'hunter22');
    await showClip();
    expect(open()).toHaveBeenCalledWith({ params: { id: 'link-1' }, query: {}, body: { password: 'hunter22' } });
    expect(await screen.findByLabelText('Clip content')).toHaveValue('The secret');
  });

  test('a wrong password says so and that nothing was spent; the card stays', async () => {
    read().mockResolvedValue(card({ hasPassword: true }));
    open().mockRejectedValue(new ApiError('Wrong password', 403, 'WRONG_PASSWORD'));
    renderCard();
    await userEvent.type(await screen.findByLabelText('Password'), 'nope');
    await showClip();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password. No view was spent.');
    expect(screen.getByRole('button', { name: 'Show clip' })).toBeEnabled();
  });

  test('past the password limit, it says when to try again', async () => {
    read().mockResolvedValue(card({ hasPassword: true }));
    open().mockRejectedValue(
      new ApiError('Too many', 429, 'RATE_LIMITED', undefined, undefined, { retryAfterSeconds: 600 }),
    );
    renderCard();
    await userEvent.type(await screen.findByLabelText('Password'), 'nope');
    await showClip();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords. Try again in 10 minutes.');
  });

  test('a link spent or expired meanwhile shows the not-found state', async () => {
    read().mockResolvedValue(card());
    open().mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderCard();
    await screen.findByText(/A clip shared with you/);
    await showClip();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    expect(screen.queryByRole('button', { name: 'Show clip' })).not.toBeInTheDocument();
  });
});
