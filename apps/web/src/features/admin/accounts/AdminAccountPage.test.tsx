import { ADMIN_ACCOUNT_ENDPOINTS, type AdminAccount, type PublicUser } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { fakeSession, setUpPageTests } from '../../../test/page-test-setup';
import { AuthContext } from '../../../session/auth-context';
import { adminUser } from '../admin-test-kit';
import { Toaster } from '../../../ui/Toaster';
import AdminAccountPage from './AdminAccountPage';

const api = fakeApi();
const get = () => api.on(ADMIN_ACCOUNT_ENDPOINTS.get);
/** An action the server answers with the account as it now is, which its next read answers too. */
const changesTo = (updated: AdminAccount) => () => {
  get().mockResolvedValue(updated);
  return updated;
};

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const account: AdminAccount = {
  id: ID,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user',
  createdAt: '2026-01-05T10:00:00.000Z',
  emailConfirmedAt: '2026-01-05T10:05:00.000Z',
  disabledAt: null,
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  plan: { id: 'pro', source: 'stripe', until: '2027-03-01T00:00:00.000Z' },
  storage: { usedBytes: 5 * 1024 * 1024, quotaBytes: 100 * 1024 * 1024, quotaSource: 'plan' },
  devices: [
    { id: 'BBBBBBBBBBBBBBBBBBBBBB', name: 'Work laptop', kind: 'browser', lastSeenAt: new Date().toISOString() },
  ],
};

function renderPage(signedIn: PublicUser = adminUser) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(signedIn)}>
        <MemoryRouter initialEntries={[`/admin/users/${ID}`]}>
          <Routes>
            <Route path="/admin/users/:id" element={<AdminAccountPage />} />
            <Route path="/admin/users" element={<p>Users list</p>} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('AdminAccountPage', () => {
  setUpPageTests();

  test('shows the account: role, status, plan and where it comes from, storage against quota, devices', async () => {
    get().mockResolvedValue(account);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    const facts = within(screen.getByLabelText('About this account'));
    expect(facts.getByText('User')).toBeInTheDocument();
    expect(facts.getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('account-plan')).toHaveTextContent('Pro · paid through Stripe · until Mar 1, 2027');
    expect(screen.getByTestId('account-storage')).toHaveTextContent("5 MB of 100 MB · the plan's quota");
    expect(screen.getByText('Work laptop')).toBeInTheDocument();
    expect(get()).toHaveBeenCalledWith({ params: { id: ID }, query: {} });
  });

  test('an unknown account says so', async () => {
    get().mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('No account has this id.');
  });

  test('Disable asks first, then shows the account disabled; Enable gives it back', async () => {
    get().mockResolvedValue(account);
    const disabled = { ...account, disabledAt: new Date().toISOString(), devices: [] };
    api.on(ADMIN_ACCOUNT_ENDPOINTS.disable).mockImplementation(changesTo(disabled));
    api.on(ADMIN_ACCOUNT_ENDPOINTS.enable).mockImplementation(changesTo({ ...disabled, disabledAt: null }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Disable this account?' }));
    expect(dialog.getByText(/This account is disabled/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/^Disabled since/)).toBeInTheDocument();
    expect(screen.getByText('No device is signed in.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(api.on(ADMIN_ACCOUNT_ENDPOINTS.enable)).toHaveBeenCalledWith({ params: { id: ID }, query: {} });
  });

  test("a refusal is shown with the server's reason", async () => {
    get().mockResolvedValue(account);
    api
      .on(ADMIN_ACCOUNT_ENDPOINTS.setRole)
      .mockRejectedValue(new ApiError('At least one admin must remain: grant another account first', 409, 'CONFLICT'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('At least one admin must remain: grant another account first')).toBeInTheDocument();
  });

  test('Send a password reset says where it went', async () => {
    get().mockResolvedValue(account);
    api.on(ADMIN_ACCOUNT_ENDPOINTS.sendPasswordReset).mockResolvedValue(undefined);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send a password reset' }));
    expect(await screen.findByText('A password reset link was mailed to ada@example.com')).toBeInTheDocument();
  });

  test('Send a password reset refused by the server says why, never that it was mailed', async () => {
    get().mockResolvedValue(account);
    api
      .on(ADMIN_ACCOUNT_ENDPOINTS.sendPasswordReset)
      .mockRejectedValue(new ApiError('This server signs in with SSO', 403, 'PASSWORD_SIGN_IN_OFF'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send a password reset' }));
    expect(await screen.findByText('This server signs in with SSO')).toBeInTheDocument();
    expect(screen.queryByText('A password reset link was mailed to ada@example.com')).not.toBeInTheDocument();
  });

  test('Grant a plan: a plan until the end of a chosen day, then shown as granted by an admin', async () => {
    get().mockResolvedValue(account);
    const until = new Date('2027-06-30T23:59:59').toISOString();
    const grant = api.on(ADMIN_ACCOUNT_ENDPOINTS.grantPlan);
    grant.mockImplementation(changesTo({ ...account, plan: { id: 'advanced', source: 'admin', until } }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Grant a plan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Grant a plan' }));
    expect(dialog.getByRole('button', { name: 'Grant' })).toBeDisabled();
    const planSelect = dialog.getByRole<HTMLSelectElement>('combobox', { name: 'Plan' });
    // Browsers name a select by its label's whole text: a label wrapping it would read "PlanBasicProAdvanced".
    expect([...(planSelect.labels ?? [])].map((label) => label.textContent)).toEqual(['Plan']);
    await userEvent.selectOptions(planSelect, 'advanced');
    await userEvent.type(dialog.getByLabelText('Until'), '2027-06-30');
    await userEvent.click(dialog.getByRole('button', { name: 'Grant' }));
    expect(grant).toHaveBeenCalledWith({ params: { id: ID }, query: {}, body: { plan: 'advanced', until } });
    expect(await screen.findByTestId('account-plan')).toHaveTextContent(
      'Advanced · granted by an admin · until Jun 30, 2027',
    );
    expect(screen.getByRole('button', { name: 'Remove the granted plan' })).toBeInTheDocument();
  });

  test("Set the storage quota in MB, or the plan's again", async () => {
    get().mockResolvedValue(account);
    const setQuota = api.on(ADMIN_ACCOUNT_ENDPOINTS.setQuota);
    setQuota.mockImplementation(
      changesTo({ ...account, storage: { ...account.storage, quotaBytes: 2097152, quotaSource: 'admin' } }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Set the storage quota' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Set the storage quota' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: "Use the plan's quota" }));
    const field = dialog.getByRole('spinbutton', { name: 'Quota in MB' });
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(setQuota).toHaveBeenCalledWith({ params: { id: ID }, query: {}, body: { bytes: 2097152 } });
    expect(await screen.findByTestId('account-storage')).toHaveTextContent('5 MB of 2 MB · quota set by an admin');
  });

  test("Delete is enabled only once the account's address is typed; a refusal is shown in the dialog", async () => {
    get().mockResolvedValue(account);
    const remove = api.on(ADMIN_ACCOUNT_ENDPOINTS.delete);
    remove.mockRejectedValueOnce(new ApiError('Something went wrong on our side', 500, 'INTERNAL'));
    remove.mockResolvedValueOnce(undefined);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this account?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete for good' });
    const typed = dialog.getByRole('textbox', { name: "The account's address" });
    await userEvent.type(typed, 'ada@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(typed, 'm');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await userEvent.click(confirm);
    expect(remove).toHaveBeenLastCalledWith({ params: { id: ID }, query: {}, body: { email: 'ada@example.com' } });
    expect(await screen.findByText('Users list')).toBeInTheDocument();
  });

  test('on their own account an admin is offered neither disable, delete nor a change of role', async () => {
    get().mockResolvedValue({ ...account, role: 'admin' });
    renderPage({ ...adminUser, id: ID });
    expect(await screen.findByRole('button', { name: 'Send a password reset' })).toBeInTheDocument();
    for (const name of ['Disable', 'Delete account', 'Remove admin']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
