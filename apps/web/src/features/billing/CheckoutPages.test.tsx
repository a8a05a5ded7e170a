import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { billingApi } from '../../api/billing-api';
import { PLAN_POLL_ATTEMPTS, PLAN_POLL_INTERVAL_MS } from '../../api/billing-queries';
import { makeBilling } from '../../test/billing-fixtures';
import { setUpPageTests } from '../../test/page-test-setup';
import CheckoutCancelPage from './CheckoutCancelPage';
import CheckoutSuccessPage from './CheckoutSuccessPage';

vi.mock('../../api/billing-api', () => ({ billingApi: { config: vi.fn(), get: vi.fn() } }));

const trial = makeBilling();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/billing/success', element: <CheckoutSuccessPage /> },
      { path: '/billing/cancel', element: <CheckoutCancelPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('checkout return pages', () => {
  setUpPageTests();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('success thanks the buyer and asks again until the webhook has brought the plan', async () => {
    vi.mocked(billingApi.get)
      .mockResolvedValueOnce(trial)
      .mockResolvedValueOnce(trial)
      .mockResolvedValue({ ...trial, plan: 'pro', status: 'trialing' });
    renderAt('/billing/success?session_id=cs_test_1');
    expect(screen.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
    expect(await screen.findByText('Confirming your payment...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PLAN_POLL_INTERVAL_MS * 2));
    expect(await screen.findByText('Your Pro plan is active.')).toBeInTheDocument();
    expect(billingApi.get).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(PLAN_POLL_INTERVAL_MS * 3));
    expect(billingApi.get).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View billing' })).toHaveAttribute('href', '/billing');
  });

  test('a webhook that never comes stops the asking and says the plan will show on the billing page', async () => {
    vi.mocked(billingApi.get).mockResolvedValue(trial);
    renderAt('/billing/success');
    await act(() => vi.advanceTimersByTimeAsync(PLAN_POLL_INTERVAL_MS * (PLAN_POLL_ATTEMPTS + 2)));
    expect(await screen.findByText(/Your payment is being confirmed/)).toBeInTheDocument();
    expect(billingApi.get).toHaveBeenCalledTimes(PLAN_POLL_ATTEMPTS);
  });

  test('cancel says nothing was charged and leads back to billing', () => {
    renderAt('/billing/cancel');
    expect(screen.getByRole('heading', { name: 'Checkout canceled' })).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. You can choose a plan whenever you like.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/billing');
    expect(billingApi.get).not.toHaveBeenCalled();
  });
});
