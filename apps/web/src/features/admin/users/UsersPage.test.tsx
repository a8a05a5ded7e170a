import {
  ADMIN_ACCOUNT_ENDPOINTS,
  ADMIN_USER_ENDPOINTS,
  ADMIN_USERS_PAGE_SIZE,
  type AdminAccount,
  type AdminUserRow,
  SSO_ENDPOINTS,
} from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests, supportRadixSelect } from '../../../test/page-test-setup';
import UsersPage from './UsersPage';

const api = fakeApi();
const list = () => api.on(ADMIN_USER_ENDPOINTS.list);
const create = () => api.on(ADMIN_ACCOUNT_ENDPOINTS.create);

const NEW_ID = 'CCCCCCCCCCCCCCCCCCCCCC';
const created: AdminAccount = {
  id: NEW_ID,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'user',
  createdAt: new Date().toISOString(),
  emailConfirmedAt: null,
  disabledAt: null,
  lastSeenAt: null,
  plan: { id: null, source: 'none', until: null },
  storage: { usedBytes: 0, quotaBytes: 100 * 1024 * 1024, quotaSource: 'plan' },
  devices: [],
};

const row = (overrides: Partial<AdminUserRow> & Pick<AdminUserRow, 'id' | 'name'>): AdminUserRow => ({
  email: `${overrides.name.toLowerCase().replace(/\W/g, '')}@example.com`,
  role: 'user',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastSeenAt: null,
  disabledAt: null,
  storageBytes: 0,
  plan: null,
  planSource: 'none',
  ...overrides,
});
const ada = row({
  id: 'user-ada',
  name: 'Ada Lovelace',
  role: 'admin',
  storageBytes: 1536,
  plan: 'pro',
  planSource: 'stripe',
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const bob = row({ id: 'user-bob', name: 'Bob Stone', disabledAt: new Date().toISOString() });
const cy = row({ id: 'user-cy', name: 'Cy Trial', planSource: 'trial' });

function UserAddress() {
  return <p>Account page {useParams().id}</p>;
}

function renderAt(url = '/admin/users') {
  const router = createMemoryRouter(
    [
      { path: '/admin/users', element: <UsersPage /> },
      { path: '/admin/users/:id', element: <UserAddress /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastQuery = () => list().mock.calls.at(-1)?.[0].query;

async function choose(selectName: string, optionName: string) {
  await userEvent.click(screen.getByRole('combobox', { name: selectName }));
  await userEvent.click(await screen.findByRole('option', { name: optionName }));
}

describe('UsersPage', () => {
  setUpPageTests();
  supportRadixSelect();

  test('lists accounts with role, state, storage, plan and last seen; each opens its page', async () => {
    list().mockResolvedValue({ users: [ada, bob, cy], total: 3, isTotalCapped: false });
    const router = renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const first = within(await screen.findByRole('listitem', { name: 'Ada Lovelace' }));
    expect(first.getByText('Admin')).toBeInTheDocument();
    expect(first.getByText('adalovelace@example.com')).toBeInTheDocument();
    expect(first.getByTestId('user-storage')).toHaveTextContent('1.5 KB stored');
    expect(first.getByText('Pro')).toBeInTheDocument();
    expect(first.getByText(/Last seen/)).toHaveTextContent('Last seen 5m ago');
    expect(first.getByText(/Joined/)).toHaveTextContent('Joined 3d ago');
    const second = within(screen.getByRole('listitem', { name: 'Bob Stone' }));
    expect(second.getByText('Disabled')).toBeInTheDocument();
    expect(second.getByText('Never seen')).toBeInTheDocument();
    expect(second.getByText('No plan')).toBeInTheDocument();
    // The trial reads as the account's page reads it.
    expect(within(screen.getByRole('listitem', { name: 'Cy Trial' })).getByText('Free trial')).toBeInTheDocument();
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ sort: 'created', order: 'desc', limit: String(ADMIN_USERS_PAGE_SIZE), offset: '0' });

    await userEvent.click(first.getByRole('link', { name: 'Ada Lovelace' }));
    expect(router.state.location.pathname).toBe('/admin/users/user-ada');
    expect(screen.getByText('Account page user-ada')).toBeInTheDocument();
  });

  test("Create account: a name and an address; the server mails the link and the new account's page opens", async () => {
    list().mockResolvedValue({ users: [ada], total: 1, isTotalCapped: false });
    create().mockResolvedValue(created);
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create an account' }));
    expect(dialog.getByText(/a link to choose their password/)).toBeInTheDocument();
    const submit = dialog.getByRole('button', { name: 'Create and send the link' });
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail address' }), ' grace@example.com ');
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/users/${NEW_ID}`));
    expect(create()).toHaveBeenCalledWith(
      expect.objectContaining({ body: { name: 'Grace Hopper', email: 'grace@example.com' } }),
    );
    expect(screen.getByText(`Account page ${NEW_ID}`)).toBeInTheDocument();
  });

  test('Create account: an address with an account is refused in the server’s words, the dialog stays', async () => {
    list().mockResolvedValue({ users: [ada], total: 1, isTotalCapped: false });
    create().mockRejectedValue(new ApiError('This address already has an account', 409, 'CONFLICT'));
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create an account' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail address' }), 'adalovelace@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Create and send the link' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This address already has an account');
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  test('Create account refused while only SSO signs in: the server’s words in the dialog', async () => {
    list().mockResolvedValue({ users: [ada], total: 1, isTotalCapped: false });
    create().mockRejectedValue(new ApiError('This server signs in with SSO', 403, 'PASSWORD_SIGN_IN_OFF'));
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create an account' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Grace');
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail address' }), 'grace@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Create and send the link' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This server signs in with SSO');
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  test('while only SSO signs in, people join through the provider: no "Create account", a note says how', async () => {
    list().mockResolvedValue({ users: [ada], total: 1, isTotalCapped: false });
    api
      .on(SSO_ENDPOINTS.settings)
      .mockResolvedValue({ enabled: true, buttonText: 'Sign in with Authentik', only: true });
    renderAt();
    expect(
      await screen.findByText(
        'People join by signing in with Authentik: each account is made at its first sign-in there. Addresses named in ADMIN_EMAILS sign up with a password.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  test('the search is sent to the server, and no match says so', async () => {
    list().mockImplementation(({ query }) =>
      query.q ? { users: [], total: 0, isTotalCapped: false } : { users: [ada, bob], total: 2, isTotalCapped: false },
    );
    const router = renderAt();
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or address...' }), 'zed');
    expect(await screen.findByText('No user matches your search.')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ q: 'zed' });
    expect(router.state.location.search).toBe('?q=zed');
  });

  test('sorting by storage or last seen, either way, goes to the server and back to page 1', async () => {
    list().mockResolvedValue({ users: [ada, bob], total: 2, isTotalCapped: false });
    const router = renderAt('/admin/users?page=1');
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    await choose('Sort by', 'Storage used');
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'storage', order: 'desc' }));
    await choose('Order', 'Lowest or oldest first');
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'storage', order: 'asc' }));
    await choose('Sort by', 'Last seen');
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'lastSeen', order: 'asc' }));
    expect(router.state.location.search).toBe('?sort=lastSeen&order=asc');
  });

  test('pages through the total with Previous and Next', async () => {
    const many = Array.from({ length: ADMIN_USERS_PAGE_SIZE }, (_, index) =>
      row({ id: `user-${index}`, name: `Person ${index}` }),
    );
    list().mockResolvedValue({ users: many, total: ADMIN_USERS_PAGE_SIZE + 3, isTotalCapped: false });
    const router = renderAt();
    await screen.findByRole('listitem', { name: 'Person 0' });
    expect(screen.getByText(`${ADMIN_USERS_PAGE_SIZE + 3} users`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: String(ADMIN_USERS_PAGE_SIZE) }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  test('a total counted only so far reads "More than", and Next goes on', async () => {
    const many = Array.from({ length: ADMIN_USERS_PAGE_SIZE }, (_, index) =>
      row({ id: `user-${index}`, name: `Person ${index}` }),
    );
    list().mockResolvedValue({ users: many, total: 1_000, isTotalCapped: true });
    renderAt();
    expect(await screen.findByText('More than 1000 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 40+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('a failed load offers Retry, never the empty text', async () => {
    list()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ users: [ada], total: 1, isTotalCapped: false });
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the users");
    expect(screen.queryByText('No users yet.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('listitem', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
