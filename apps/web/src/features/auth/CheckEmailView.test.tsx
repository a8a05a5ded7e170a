import { AUTH_ENDPOINTS, type SignUpRules } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import { CheckEmailView } from './CheckEmailView';

function renderCheckEmail() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CheckEmailView email="ana@example.com" onLogin={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** After sign-up, the page says where the confirmation link is: a server without mail set up sent none. */
describe('the check-your-email page', () => {
  setUpPageTests();
  const api = fakeApi();
  const settings = (mail: SignUpRules['mail']) =>
    api
      .on(AUTH_ENDPOINTS.registration)
      .mockResolvedValue({ mode: 'open', emailDomains: [], mail, firstAccountBecomesAdmin: false });

  test('in development without mail: no mail was sent, and a link to the dev outbox', async () => {
    settings({ configured: false, outboxPath: '/api/dev/outbox' });
    renderCheckEmail();
    const note = await screen.findByTestId('no-mail-note');
    expect(note).toHaveTextContent('Mail is not set up on this server, so no mail was sent to ana@example.com');
    expect(screen.getByRole('link', { name: 'Open the dev outbox' })).toHaveAttribute('href', '/api/dev/outbox');
    expect(screen.queryByText(/We sent a confirmation link/)).toBeNull();
  });

  test('in production without mail: the link is in the log, and the operator sets SMTP_URL', async () => {
    settings({ configured: false });
    renderCheckEmail();
    const note = await screen.findByTestId('no-mail-note');
    expect(note).toHaveTextContent("The confirmation link is in the server's log");
    expect(note).toHaveTextContent('set SMTP_URL');
    expect(screen.queryByRole('link', { name: 'Open the dev outbox' })).toBeNull();
  });

  test('with mail set up: the link was sent to the address', async () => {
    settings({ configured: true });
    renderCheckEmail();
    expect(await screen.findByText(/We sent a confirmation link to/)).toBeInTheDocument();
    await expect.poll(() => api.on(AUTH_ENDPOINTS.registration).mock.calls.length).toBe(1);
    expect(screen.queryByTestId('no-mail-note')).toBeNull();
  });
});
