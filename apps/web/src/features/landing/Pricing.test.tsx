import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { billingApi } from '../../api/billing-api';
import { AuthContext } from '../../session/auth-context';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { loadPricingPlans, Pricing } from './Pricing';

vi.mock('../../api/billing-api', () => ({
  billingApi: { config: vi.fn(), get: vi.fn(), startCheckout: vi.fn(), openPortal: vi.fn() },
}));

function renderPricing() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(null)}>
        <Pricing />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

// The plans are a lazy part: its first import in a test run, on a loaded machine, can take over a second.
const LAZY_PART = { timeout: 10_000 };

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('the landing page pricing section', () => {
  setUpPageTests();
  // As in the app, whose landing route waits for the plans' code before the page renders (app/router.tsx).
  beforeAll(() => loadPricingPlans(), 30_000);

  test('with payments on: the trial, and a purchase button on each plan', async () => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: true });
    renderPricing();
    expect(
      await screen.findByText('Start with a 7-day free trial. No credit card required.', {}, LAZY_PART),
    ).toBeInTheDocument();
    for (const plan of ['Basic', 'Pro', 'Advanced']) {
      expect(card(plan).getByRole('button', { name: `Choose ${plan}` })).toBeDisabled();
    }
    expect(screen.queryByText(/Every feature is free on this server/)).not.toBeInTheDocument();
  });

  test('without payments: every feature is free, the plans for reference, no trial and no button', async () => {
    vi.mocked(billingApi.config).mockResolvedValue({ paymentsEnabled: false });
    renderPricing();
    expect(await screen.findByText(/^Every feature is free on this server\./, {}, LAZY_PART)).toBeInTheDocument();
    for (const plan of ['Basic', 'Pro', 'Advanced']) {
      expect(card(plan).queryByRole('button')).not.toBeInTheDocument();
      expect(card(plan).queryByText('Please log in to purchase a plan')).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
    expect(billingApi.get).not.toHaveBeenCalled();
  });

  test('before the server has answered (the prerendered page cannot know): the plans, but no claim and no button', async () => {
    vi.mocked(billingApi.config).mockReturnValue(new Promise(() => undefined));
    renderPricing();
    expect(screen.getByRole('heading', { name: 'Simple pricing' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Pro' }, LAZY_PART)).toHaveTextContent('Most Popular');
    expect(screen.getAllByTestId('plan-price').map((price) => price.textContent)).toEqual(['$9', '$19', '$29']);
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
    expect(screen.queryByText(/free on this server/)).not.toBeInTheDocument();
  });
});
