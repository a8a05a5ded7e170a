import type { PublicUser } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { billingApi } from '../api/billing-api';
import { ApiError } from '../api/client';
import { sessionStore } from '../api/session-store';
import { redirectTo } from '../lib/redirect';
import { AuthContext } from '../session/auth-context';
import { testUser } from '../test/fixtures';
import { fakeSession, setUpPageTests } from '../test/page-test-setup';
import { PlanPicker } from './PlanPicker';

vi.mock('../api/billing-api', () => ({ billingApi: { startCheckout: vi.fn(), openPortal: vi.fn() } }));
vi.mock('../lib/redirect', () => ({ redirectTo: vi.fn() }));

function renderPicker(props: Parameters<typeof PlanPicker>[0] = {}, user: PublicUser | null = testUser) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={fakeSession(user)}>
        <PlanPicker {...props} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const signInStorage = () =>
  sessionStore.save(testUser, { access_token: 'access', refresh_token: 'refresh', expires_at: 4_000_000_000 });

describe('PlanPicker', () => {
  setUpPageTests();
  // Purchase errors are the browser's own alert, not a toast.
  const alert = vi.fn();
  beforeEach(() => {
    vi.spyOn(window, 'alert').mockImplementation(alert);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("signed out, every purchase button is disabled with 'Please log in to purchase a plan'", () => {
    renderPicker({}, null);
    for (const plan of ['Basic', 'Pro', 'Advanced']) {
      const button = card(plan).getByRole('button', { name: `Choose ${plan}` });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Please log in to purchase a plan');
    }
  });

  test("signed in, choosing yearly Pro reads 'Redirecting...' while the session is created, then goes to its url", async () => {
    signInStorage();
    let answer: (value: { url: string }) => void = () => undefined;
    vi.mocked(billingApi.startCheckout).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPicker();
    expect(screen.queryByText('Please log in to purchase a plan')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Yearly' }));
    await userEvent.click(card('Pro').getByRole('button', { name: 'Choose Pro' }));
    expect(billingApi.startCheckout).toHaveBeenCalledExactlyOnceWith('pro', 'year');
    expect(card('Pro').getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
    expect(card('Basic').getByRole('button', { name: 'Choose Basic' })).toBeDisabled();
    answer({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(card('Pro').getByRole('button', { name: 'Redirecting...' })).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  test("a failed checkout gives the alert 'Failed to start checkout. Please try again.' and the button back", async () => {
    signInStorage();
    vi.mocked(billingApi.startCheckout).mockRejectedValue(
      new ApiError('Payments are not configured on this server', 503, 'PAYMENTS_NOT_CONFIGURED'),
    );
    renderPicker();
    await userEvent.click(card('Basic').getByRole('button', { name: 'Choose Basic' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to start checkout. Please try again.'));
    expect(billingApi.startCheckout).toHaveBeenCalledWith('basic', 'month');
    expect(card('Basic').getByRole('button', { name: 'Choose Basic' })).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  test("without a stored session, the alert 'Please log in to purchase a plan.' and no request", async () => {
    renderPicker();
    await userEvent.click(card('Advanced').getByRole('button', { name: 'Choose Advanced' }));
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please log in to purchase a plan.');
    expect(billingApi.startCheckout).not.toHaveBeenCalled();
  });

  test("a subscriber's own plan says 'Current plan'; another plan is switched to in the portal", async () => {
    signInStorage();
    vi.mocked(billingApi.openPortal).mockResolvedValue({ url: 'https://billing.stripe.com/p/session/1' });
    renderPicker({ currentPlan: 'pro', hasSubscription: true });
    expect(card('Pro').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await userEvent.click(card('Advanced').getByRole('button', { name: 'Switch to Advanced' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'));
    expect(billingApi.startCheckout).not.toHaveBeenCalled();
  });
});
