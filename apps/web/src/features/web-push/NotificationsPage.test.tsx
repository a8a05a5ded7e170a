import { WEB_PUSH_ENDPOINTS, ROOM_ENDPOINTS, type PushSettings } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import { makeRoomSummary } from '../../test/room-fixtures';
import NotificationsPage from './NotificationsPage';

const api = fakeApi();
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ROOM_ID = 'roomAAAAAAAAAAAAAAAAAA';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
};

const settings = (overrides: Partial<PushSettings> = {}): PushSettings => ({
  publicKey: PUBLIC_KEY,
  subscribed: false,
  preferences: { sends: true, signIns: true, shareViews: false, showText: false, rooms: [] },
  ...overrides,
});

/** The browser's parts jsdom lacks: Notification's permission, and a service worker's push manager. */
function fakeBrowserPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const browserSubscription = { toJSON: () => SUBSCRIPTION, unsubscribe: vi.fn(() => Promise.resolve(true)) };
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(browserSubscription)),
    subscribe: vi.fn(() => Promise.resolve(browserSubscription)),
  };
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { requestPermission, pushManager, browserSubscription };
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationsPage', () => {
  setUpPageTests();
  beforeEach(() => {
    api.on(ROOM_ENDPOINTS.list).mockResolvedValue([makeRoomSummary({ id: ROOM_ID, name: 'Design team' })]);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllGlobals();
  });

  test('asks the permission only when turned on, then subscribes with the server key and stores it', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    api.on(WEB_PUSH_ENDPOINTS.subscribe).mockResolvedValue(settings({ subscribed: true }));
    renderPage();
    const main = await screen.findByRole('switch', { name: 'Notifications on this device' });
    expect(main).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(main);
    await waitFor(() => expect(main).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }),
    );
    expect(api.on(WEB_PUSH_ENDPOINTS.subscribe)).toHaveBeenCalledWith(
      expect.objectContaining({ body: { subscription: SUBSCRIPTION } }),
    );
    // The kinds' defaults: sends and sign-ins on, share views and text off, no room followed.
    expect(screen.getByRole('switch', { name: 'Sends to this device' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'A new sign-in to my account' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'The first view of my private share' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show text in notifications' })).not.toBeChecked();
    expect(await screen.findByRole('switch', { name: 'Follow Design team' })).not.toBeChecked();
  });

  test('a kind and a room change through PATCH; turning off unsubscribes on the server and in the browser', async () => {
    const browser = fakeBrowserPush('granted');
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings({ subscribed: true }));
    api
      .on(WEB_PUSH_ENDPOINTS.update)
      .mockImplementation(({ body }) =>
        settings({ subscribed: true, preferences: { ...settings().preferences, ...body } }),
      );
    api.on(WEB_PUSH_ENDPOINTS.unsubscribe).mockResolvedValue(undefined);
    renderPage();

    await userEvent.click(await screen.findByRole('switch', { name: 'Show text in notifications' }));
    expect(api.on(WEB_PUSH_ENDPOINTS.update)).toHaveBeenCalledWith(
      expect.objectContaining({ body: { showText: true } }),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show text in notifications' })).toBeChecked());

    await userEvent.click(await screen.findByRole('switch', { name: 'Follow Design team' }));
    expect(api.on(WEB_PUSH_ENDPOINTS.update)).toHaveBeenCalledWith(
      expect.objectContaining({ body: { rooms: [ROOM_ID] } }),
    );

    await userEvent.click(screen.getByRole('switch', { name: 'Notifications on this device' }));
    await waitFor(() => expect(browser.browserSubscription.unsubscribe).toHaveBeenCalled());
    expect(api.on(WEB_PUSH_ENDPOINTS.unsubscribe)).toHaveBeenCalledOnce();
    expect(screen.getByRole('switch', { name: 'Notifications on this device' })).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  test('a refused permission says how to allow it again and stores nothing', async () => {
    fakeBrowserPush('default', 'denied');
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Notifications on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked for this site.*set Notifications to Allow/);
    expect(api.on(WEB_PUSH_ENDPOINTS.subscribe)).not.toHaveBeenCalled();
  });

  test('a push service the server refuses (on a private network) is said so, and the browser unsubscribes', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    api
      .on(WEB_PUSH_ENDPOINTS.subscribe)
      .mockRejectedValue(new ApiError('on a private network', 422, 'PUSH_SERVICE_NOT_ALLOWED'));
    renderPage();
    const main = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await userEvent.click(main);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /push service your browser uses: it is on a private network .* PUSH_TRUSTED_HOSTS/,
    );
    expect(main).not.toBeChecked();
    // After the server's refusal: the one before it is the browser's own, replacing an earlier subscription.
    const refusedAt = api.on(WEB_PUSH_ENDPOINTS.subscribe).mock.invocationCallOrder[0]!;
    expect(browser.browserSubscription.unsubscribe.mock.invocationCallOrder.at(-1)).toBeGreaterThan(refusedAt);
  });

  test('a server that could not store it offers Try again, which turns notifications on', async () => {
    fakeBrowserPush('default', 'granted');
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    api
      .on(WEB_PUSH_ENDPOINTS.subscribe)
      .mockRejectedValueOnce(new ApiError('Server error', 500, 'INTERNAL'))
      .mockResolvedValueOnce(settings({ subscribed: true }));
    renderPage();
    const main = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await userEvent.click(main);
    expect(await screen.findByRole('alert')).toHaveTextContent('the server did not store');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(main).toBeChecked());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a browser without a push service says so and offers no Try again', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    browser.pushManager.subscribe.mockRejectedValue(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    );
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Notifications on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/This browser has no push service/);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.on(WEB_PUSH_ENDPOINTS.subscribe)).not.toHaveBeenCalled();
  });

  test('a push service that refused this once offers Try again', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - could not connect to push server', 'AbortError'),
    );
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    api.on(WEB_PUSH_ENDPOINTS.subscribe).mockResolvedValue(settings({ subscribed: true }));
    renderPage();
    const main = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await userEvent.click(main);
    expect(await screen.findByRole('alert')).toHaveTextContent(/push service refused/);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(main).toBeChecked());
  });

  test('blocked before the page opened: says how to allow it, switch off, no Try again', async () => {
    fakeBrowserPush('denied');
    api.on(WEB_PUSH_ENDPOINTS.settings).mockResolvedValue(settings());
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked for this site.*set Notifications to Allow/);
    expect(screen.getByRole('switch', { name: 'Notifications on this device' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('a browser without push says so, without asking the server', async () => {
    renderPage();
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument();
    expect(api.on(WEB_PUSH_ENDPOINTS.settings)).not.toHaveBeenCalled();
  });

  test('Safari on an iPhone, not installed: install first', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(/Add ClipSync to your Home Screen.*then open it from there/);
  });

  test('Safari on an iPad that shows the push APIs but is not on the Home Screen: install first too', () => {
    fakeBrowserPush('default');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(/Add ClipSync to your Home Screen/);
    expect(api.on(WEB_PUSH_ENDPOINTS.settings)).not.toHaveBeenCalled();
  });
});
