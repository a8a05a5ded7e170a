import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { billingApi } from '../../api/billing-api';
import { ApiError } from '../../api/client';
import { redirectTo } from '../../lib/redirect';
import { AuthContext } from '../../session/auth-context';
import { makeBilling } from '../../test/billing-fixtures';
import { testUser } from '../../test/fixtures';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { Toaster } from '../../ui/Toaster';
import BillingPage from './BillingPage';

vi.mock('../../api/billing-api', () => ({
  billingApi: { config: vi.fn(), get: vi.fn(), plan: vi.fn(), startCheckout: vi.fn(), openPortal: vi.fn() },
}));
vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const proPlan = makeBilling({
  plan: 'pro',
  interval: 'year',
  status: 'active',
  trialEndsAt: null,
  trialDaysLeft: 0,
  renewsAt: '2027-01-15T12:00:00.000Z',
});

const noGrant = { plan: null, source: 'none', until: null, storage: { usedBytes: 0, quotaBytes: 1024 ** 3 } } as const;
const proGranted = {
  plan: 'pro',
  source: 'admin',
  until: '2027-03-01T23:59:59.000Z',
  storage: { usedBytes: 1536 * 1024 ** 2, quotaBytes: 10 * 1024 ** 3 },
} as const;

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(testUser)}>
        <BillingPage />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const summary = () => within(screen.getByRole('region', { name: 'Your plan' }));

describe('BillingPage', () => {
  setUpPageTests();
  beforeEach(() => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: true });
    vi.mocked(billingApi.plan).mockResolvedValue(noGrant);
  });

  test('on the trial: its end and days left, no portal, the three plans to choose from', async () => {
    vi.mocked(billingApi.get).mockResolvedValue(makeBilling());
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent(/^Trial: 5 days left$/);
    expect(summary().getByText('Trial ends on Nov 30, 2026 (5 days left)')).toBeInTheDocument();
    expect(summary().queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    for (const plan of ['Basic', 'Pro', 'Advanced']) {
      expect(screen.getByRole('button', { name: `Choose ${plan}` })).toBeEnabled();
    }
  });

  test('a paid plan: its name, status and renewal; Manage subscription opens the portal', async () => {
    vi.mocked(billingApi.get).mockResolvedValue(proPlan);
    vi.mocked(billingApi.openPortal).mockResolvedValue({ url: 'https://billing.stripe.com/p/session/42' });
    renderPage();
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Pro planActive');
    expect(summary().getByText('Renews on Jan 15, 2027')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Yearly' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Switch to Advanced' })).toBeEnabled();
    await userEvent.click(summary().getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/42'));
    expect(summary().getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  });

  test('a canceled renewal says when it ends; a failed payment asks for a new card', async () => {
    vi.mocked(billingApi.get).mockResolvedValue({ ...proPlan, status: 'past_due', cancelAtPeriodEnd: true });
    renderPage();
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Pro planPayment due');
    expect(summary().getByText('Ends on Jan 15, 2027')).toBeInTheDocument();
    expect(summary().getByRole('alert')).toHaveTextContent('Your last payment failed.');
  });

  test('the portal failing says so in a toast and gives the button back', async () => {
    vi.mocked(billingApi.get).mockResolvedValue(proPlan);
    vi.mocked(billingApi.openPortal).mockRejectedValue(new ApiError('Stripe is down', 502, 'INTERNAL'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    expect((await screen.findAllByText('Could not open the subscription portal. Please try again.'))[0]).toBeVisible();
    expect(summary().getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  test('a server without payments: every feature is free, the plans listed for reference, nothing to buy', async () => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Every feature is free on this server' })).toBeInTheDocument();
    expect(screen.getByText(/there is no trial and nothing to buy/)).toBeInTheDocument();
    for (const plan of ['Basic', 'Pro', 'Advanced']) {
      expect(screen.getByRole('article', { name: plan })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Please log in to purchase a plan')).not.toBeInTheDocument();
    expect(screen.queryByText(/Trial/)).not.toBeInTheDocument();
    expect(billingApi.get).not.toHaveBeenCalled();
  });

  test('a plan the admin granted, without payments: its name, end and storage, beside the free note', async () => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: false });
    vi.mocked(billingApi.plan).mockResolvedValue(proGranted);
    renderPage();
    const granted = within(await screen.findByRole('region', { name: "Granted by this server's admin" }));
    expect(granted.getByText('Pro plan')).toBeInTheDocument();
    expect(granted.getByText('Until Mar 1, 2027')).toBeInTheDocument();
    expect(granted.getByText('10 GB of storage, 1.5 GB used')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Every feature is free on this server' })).toBeInTheDocument();
  });

  test('a plan the admin granted, with payments: shown beside the summary', async () => {
    vi.mocked(billingApi.get).mockResolvedValue(makeBilling({ plan: 'pro', status: 'active', trialEndsAt: null }));
    vi.mocked(billingApi.plan).mockResolvedValue(proGranted);
    renderPage();
    expect(await screen.findByRole('region', { name: "Granted by this server's admin" })).toHaveTextContent(
      '10 GB of storage',
    );
  });

  test('a 503 from the plan all the same (an older config answer) says the same, asked once', async () => {
    vi.mocked(billingApi.get).mockRejectedValue(
      new ApiError('Payments are not configured on this server', 503, 'PAYMENTS_NOT_CONFIGURED'),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Every feature is free on this server' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    expect(billingApi.get).toHaveBeenCalledOnce();
  });

  test('another failure, once retried, offers to try again', async () => {
    vi.mocked(billingApi.get).mockRejectedValue(new ApiError('', 500, 'INTERNAL'));
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Could not load your billing details.',
    );
    expect(billingApi.get).toHaveBeenCalledTimes(2);
    vi.mocked(billingApi.get).mockResolvedValue(proPlan);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Pro plan');
  });
});
