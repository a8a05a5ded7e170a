import { CLIP_ENDPOINTS, NETWORK_ENDPOINTS, type ClipShareSettings } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sealedKeyStore } from '../lib/sealed-key-store';
import { makeShareSettings } from '../test/fixtures';
import { setUpPageTests } from '../test/page-test-setup';
import { ShareClipDialog } from './ShareClipDialog';
import { fakeApi } from '../test/fake-api';

const api = fakeApi();
const shareOrigins = () => api.on(NETWORK_ENDPOINTS.shareOrigins);
const updateShare = () => api.on(CLIP_ENDPOINTS.updateShare);
const removeShare = () => api.on(CLIP_ENDPOINTS.removeShare);

vi.mock('qrcode.react', () => ({
  QRCodeSVG: (props: { value: string; 'aria-label': string }) => (
    <svg role="img" aria-label={props['aria-label']} data-value={props.value} />
  ),
}));

const HOUR = 3_600_000;
const settings = (overrides: Partial<ClipShareSettings> = {}) => makeShareSettings({ linkId: 'link-2', ...overrides });

function renderDialog(
  props: { isOwner?: boolean; share?: ClipShareSettings; encryption?: { fragment: string | null } } = { isOwner: true },
) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ShareClipDialog clipId="clip-1" onOpenChange={vi.fn()} {...props} />
    </QueryClientProvider>,
  );
}
const linkField = () => screen.getByRole('textbox', { name: 'Clip link' });
const qrValue = () => screen.getByRole('img', { name: 'QR code of the clip link' }).getAttribute('data-value');

describe('ShareClipDialog, the owner’s link settings', () => {
  setUpPageTests();
  // Radix Select asks for pointer capture and scrolling, which jsdom lacks.
  const prototype = Element.prototype as Partial<Element>;
  beforeAll(() => {
    prototype.hasPointerCapture = () => false;
    prototype.releasePointerCapture = () => undefined;
    prototype.scrollIntoView = () => undefined;
    window.history.replaceState(null, '', '/');
  });
  afterAll(() => {
    delete prototype.hasPointerCapture;
    delete prototype.releasePointerCapture;
    delete prototype.scrollIntoView;
  });

  test('the default: never expires, unlimited views, no password; Save sets 1 day, 1 view and a password', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    updateShare().mockResolvedValue(settings({ linkId: 'link-2', maxViews: 1, viewsLeft: 1, hasPassword: true }));
    renderDialog();
    expect(linkField()).toHaveValue('http://localhost:3000/clips/clip-1');
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveTextContent('Never');
    await userEvent.click(screen.getByRole('combobox', { name: 'Expires' }));
    await userEvent.click(await screen.findByRole('option', { name: '1 day' }));
    await userEvent.type(screen.getByLabelText('Views'), '1');
    await userEvent.type(screen.getByLabelText('Password'), 'hunter22');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const [request] = updateShare().mock.calls[0] ?? [];
    expect(request?.params.id).toBe('clip-1');
    const sent = request?.body;
    expect(sent).toMatchObject({ maxViews: 1, password: 'hunter22' });
    const expiresIn = Date.parse(sent?.expiresAt ?? '') - before;
    expect(expiresIn).toBeGreaterThan(24 * HOUR - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * HOUR + 60_000);
    // The link and its QR code follow the link's own id.
    expect(await screen.findByDisplayValue('http://localhost:3000/clips/link-2')).toBeInTheDocument();
    expect(qrValue()).toBe('http://localhost:3000/clips/link-2');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  test('a link with settings shows them; leaving the expiry as set sends none, emptying views clears them', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    updateShare().mockResolvedValue(settings());
    renderDialog({
      isOwner: true,
      share: settings({
        expiresAt: new Date(Date.now() + 6 * HOUR + 60_000).toISOString(),
        maxViews: 5,
        viewsLeft: 2,
        hasPassword: true,
      }),
    });
    expect(linkField()).toHaveValue('http://localhost:3000/clips/link-2');
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveTextContent('As set: expires in 6 h');
    expect(screen.getByLabelText('Views')).toHaveValue(5);
    expect(screen.getByText(/2 views left/)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Set: type a new one to change it');
    await userEvent.clear(screen.getByLabelText('Views'));
    await userEvent.click(screen.getByLabelText('Remove the password'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(updateShare()).toHaveBeenCalledWith({
      params: { id: 'clip-1' },
      query: {},
      body: { maxViews: null, password: null, deleteAfter: false },
    });
  });

  test('Stop sharing asks first; once stopped, no link is shown until a Save makes a new one', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    removeShare().mockResolvedValue(undefined);
    renderDialog({ isOwner: true, share: settings() });
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sharing this clip?' });
    expect(confirm).toHaveTextContent('The link stops working at once');
    expect(removeShare()).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop sharing' }));
    expect(removeShare()).toHaveBeenCalledExactlyOnceWith({ params: { id: 'clip-1' }, query: {}, body: undefined });
    expect(await screen.findByText('This clip is not shared. Save to make a new link.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Clip link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
  });

  test('"Delete the clip when the link ends" is off by default and says the clip stays; on, the Views hint and the line say it is deleted, and Save sends it', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    updateShare().mockResolvedValue(
      settings({ expiresAt: new Date(Date.now() + HOUR).toISOString(), deleteAfter: true }),
    );
    renderDialog({ isOwner: true, share: settings() });
    const checkbox = screen.getByRole('checkbox', { name: 'Delete the clip when the link ends' });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleDescription(/only the link stops working: the clip stays in your history/);
    expect(screen.getByLabelText('Views')).toHaveAccessibleDescription(
      'Leave empty for unlimited views. After the last view the link stops working.',
    );
    await userEvent.click(checkbox);
    expect(checkbox).toHaveAccessibleDescription(/the clip's text and files are deleted for good/);
    expect(screen.getByLabelText('Views')).toHaveAccessibleDescription(
      /the link stops working and the clip is deleted/,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Expires' }));
    await userEvent.click(await screen.findByRole('option', { name: '1 hour' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(updateShare().mock.calls.at(-1)?.[0].body).toMatchObject({ deleteAfter: true });
  });

  test('a link used up, which took its clip: one sentence says how and when; "Share again" shows its settings before any save', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    const setAt = Date.now() - 2 * HOUR;
    const endedAt = new Date(setAt + 10 * 60_000).toISOString();
    const ended = settings({
      expiresAt: new Date(setAt + HOUR).toISOString(),
      expirySetAt: new Date(setAt).toISOString(),
      maxViews: 1,
      viewsLeft: 0,
      hasPassword: true,
      state: 'viewed',
      deleteAfter: true,
      endedAt,
    });
    updateShare().mockResolvedValue(settings({ linkId: 'link-3', maxViews: 1, viewsLeft: 1, hasPassword: true }));
    renderDialog({ isOwner: true, share: ended });
    const when = new Date(endedAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
    const dialog = screen.getByRole('dialog', { name: 'Share Clip' });
    expect(dialog).toHaveAccessibleDescription(
      `This link was used up on ${when}, and the clip's text and files were deleted with it, as you chose.`,
    );
    // Said once: not also "not shared", no past expiry "As set", and nothing to save yet.
    expect(screen.queryByText(/This clip is not shared/)).not.toBeInTheDocument();
    expect(screen.queryByText(/As set/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Share again' }));
    expect(
      screen.getByText('A new link, with the settings the ended link had. Nothing changes until you save.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveTextContent('1 hour');
    expect(screen.getByLabelText('Views')).toHaveValue(1);
    expect(screen.getByRole('checkbox', { name: 'Delete the clip when the link ends' })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Set: type a new one to change it');
    expect(screen.queryByText(/view left/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
    expect(updateShare()).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const body = updateShare().mock.calls.at(-1)?.[0].body;
    // Never a silent "never expires": the ended link's length, from now. The password is the server's to keep.
    expect(body).toMatchObject({ maxViews: 1, deleteAfter: true });
    const lengthFromNow = Date.parse(body?.expiresAt ?? '') - Date.now();
    expect(lengthFromNow).toBeGreaterThan(HOUR - 60_000);
    expect(lengthFromNow).toBeLessThanOrEqual(HOUR);
    expect(body).not.toHaveProperty('password');
    expect(await screen.findByRole('textbox', { name: 'Clip link' })).toHaveValue('http://localhost:3000/clips/link-3');
  });

  test('a link past its expiry before the server ended it: the expired sentence, and "Share again" offers its 7 days', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    renderDialog({
      isOwner: true,
      share: settings({ expiresAt, expirySetAt: new Date(Date.parse(expiresAt) - 7 * 24 * HOUR).toISOString() }),
    });
    const when = new Date(expiresAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(screen.getByRole('dialog', { name: 'Share Clip' })).toHaveAccessibleDescription(
      `This link expired on ${when}: it no longer works.`,
    );
    expect(screen.queryByRole('textbox', { name: 'Clip link' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share again' }));
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveTextContent('7 days');
    expect(screen.getByRole('checkbox', { name: 'Delete the clip when the link ends' })).not.toBeChecked();
  });

  test('the sentence under the title follows the link: views left, used up, stopped', async () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    removeShare().mockResolvedValue(undefined);
    const cases: Array<[Partial<ClipShareSettings>, string]> = [
      [{}, 'Anyone with this link can view the clip.'],
      [{ hasPassword: true }, 'Anyone with this link and its password can view the clip.'],
      [{ maxViews: 3, viewsLeft: 1 }, 'Anyone with this link can view the clip once more.'],
      [{ maxViews: 3, viewsLeft: 2 }, 'Anyone with this link can view the clip 2 more times.'],
      [
        { maxViews: 1, viewsLeft: 0, endedAt: '2026-11-27T09:30:00.000Z' },
        `This link was used up on ${new Date('2026-11-27T09:30:00.000Z').toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}: its last view is spent, it no longer works.`,
      ],
    ];
    for (const [overrides, sentence] of cases) {
      const { unmount } = render(
        <QueryClientProvider client={new QueryClient()}>
          <ShareClipDialog clipId="clip-1" isOwner share={settings(overrides)} onOpenChange={vi.fn()} />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('dialog', { name: 'Share Clip' }), JSON.stringify(overrides)).toHaveAccessibleDescription(
        sentence,
      );
      unmount();
    }
    renderDialog({ isOwner: true, share: settings({ expiresAt: new Date(Date.now() + 6 * HOUR).toISOString() }) });
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Stop sharing this clip?' })).getByRole('button', {
        name: 'Stop sharing',
      }),
    );
    expect(await screen.findByText('This clip is not shared. Save to make a new link.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Share Clip' })).toHaveAccessibleDescription(
      'Nobody can open this clip by a link.',
    );
    expect(screen.queryByText('Anyone with this link can view the clip.')).not.toBeInTheDocument();
    // The stopped link's expiry went with it: the field no longer offers "As set", it says Never.
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveTextContent('Never');
  });

  test('an end-to-end encrypted clip: the link password is named apart from the encryption password, which the link needs too', () => {
    shareOrigins().mockResolvedValue({ origins: [] });
    sealedKeyStore.remember('clip-1', { fragment: 'k=key', password: 'decrypt me' });
    renderDialog({ isOwner: true, share: settings(), encryption: { fragment: 'k=key' } });
    expect(screen.getByLabelText('Link password')).toHaveAccessibleDescription(
      "The server asks for it before it sends anything. It is not the clip's encryption password.",
    );
    expect(
      screen.getByText(
        /This clip also has an encryption password, chosen when you made it: it decrypts the clip in the browser/,
      ),
    ).toHaveTextContent('Whoever opens the link needs it too');
    sealedKeyStore.forget('clip-1');
  });

  test('someone else’s clip: the link only, no settings', () => {
    renderDialog({ isOwner: false });
    expect(linkField()).toHaveValue('http://localhost:3000/clips/clip-1');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
  });
});
