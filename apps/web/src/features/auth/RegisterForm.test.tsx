import { ADMIN_INVITATION_ENDPOINTS, AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeApi } from '../../test/fake-api';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { AuthContext } from '../../session/auth-context';
import { RegisterForm } from './RegisterForm';

const api = fakeApi();
const register = () => api.on(AUTH_ENDPOINTS.register);
const registration = () => api.on(AUTH_ENDPOINTS.registration);

function renderForm(onRegistered = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RegisterForm onRegistered={onRegistered} onLogin={vi.fn()} />
    </QueryClientProvider>,
  );
}

async function fillIn(email = 'sam@example.com', password = 'iloveyou') {
  await userEvent.type(screen.getByLabelText('Name'), 'Sam');
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterForm', () => {
  setUpPageTests();
  beforeEach(() =>
    registration().mockResolvedValue({
      mode: 'open',
      emailDomains: [],
      firstAccountBecomesAdmin: false,
      mail: { configured: true },
    }),
  );

  test('a password the server finds among the most common says so, in the reader’s words, and stays', async () => {
    register().mockRejectedValue(
      new ApiError('This password is one of the 10,000 most common ones', 400, 'PASSWORD_TOO_COMMON'),
    );
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RegisterForm onRegistered={onDone} onLogin={vi.fn()} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'iloveyou');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'iloveyou');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText(
        'This password is one of the 10,000 most common ones, which are guessed first. Please choose another.',
      ),
    ).toBeInTheDocument();
    expect(register()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: { name: 'Sam', email: 'sam@example.com', password: 'iloveyou' },
    });
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  test('on a server with no admin yet, the form says the first account to confirm will administer it', async () => {
    registration().mockResolvedValue({
      mode: 'open',
      emailDomains: [],
      firstAccountBecomesAdmin: true,
      mail: { configured: true },
    });
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This server has no admin yet: the first account to confirm its e-mail address will administer it.',
    );
  });

  test('where anyone may sign up, the form says nothing of it', async () => {
    renderForm();
    await waitFor(() => expect(registration()).toHaveBeenCalled());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  test('where sign-ups are by invitation, the form says so before anyone types, and a refusal once, in the same words', async () => {
    registration().mockResolvedValue({
      mode: 'invite',
      emailDomains: [],
      firstAccountBecomesAdmin: false,
      mail: { configured: true },
    });
    register().mockRejectedValue(new ApiError('Sign-ups are by invitation on this server', 403, 'REGISTRATION_CLOSED'));
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent('Sign-ups are by invitation on this server');
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-ups are by invitation on this server');
    expect(screen.getAllByText('Sign-ups are by invitation on this server')).toHaveLength(1);
  });

  test('closed sign-ups and an allow-list of domains are said in words', async () => {
    registration().mockResolvedValue({
      mode: 'closed',
      emailDomains: [],
      firstAccountBecomesAdmin: false,
      mail: { configured: true },
    });
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent('Sign-ups are closed on this server');
    cleanup();
    registration().mockResolvedValue({
      mode: 'open',
      emailDomains: ['example.com', 'example.org'],
      firstAccountBecomesAdmin: false,
      mail: { configured: true },
    });
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Sign-ups on this server are for addresses at example.com or example.org',
    );
  });
});

describe('RegisterForm opened from an admin’s invitation', () => {
  setUpPageTests();
  const lookup = () => api.on(ADMIN_INVITATION_ENDPOINTS.lookup);
  beforeEach(() =>
    registration().mockResolvedValue({
      mode: 'closed',
      emailDomains: [],
      firstAccountBecomesAdmin: false,
      mail: { configured: true },
    }),
  );

  function renderInvited(session = fakeSession(null)) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={session}>
          <RegisterForm invitation="the-link-token" onRegistered={vi.fn()} onLogin={vi.fn()} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    return session;
  }

  test('says the reader was invited, fills the address read-only, hides the mode, and signs the new account in', async () => {
    lookup().mockResolvedValue({ email: 'guest@example.org' });
    register().mockResolvedValue({ message: 'Registration successful. You can log in now.' });
    const session = renderInvited();
    expect(await screen.findByText('You were invited to this server')).toBeInTheDocument();
    expect(lookup()).toHaveBeenCalledWith(expect.objectContaining({ params: { token: 'the-link-token' } }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('guest@example.org');
    expect(email).toHaveAttribute('readonly');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Guest');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'a-good-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(session.login).toHaveBeenCalledWith({ email: 'guest@example.org', password: 'a-good-passphrase' }),
    );
    expect(register()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: { name: 'Guest', email: 'guest@example.org', password: 'a-good-passphrase', invitation: 'the-link-token' },
    });
  });

  test('a link that no longer works says so, and the ordinary form stays with the mode said', async () => {
    lookup().mockRejectedValue(new ApiError('This invitation is no longer valid', 404, 'INVITATION_INVALID'));
    renderInvited();
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation is no longer valid.');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
    expect(screen.queryByText('You were invited to this server')).not.toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent('Sign-ups are closed on this server');
  });

  test('a lookup that fails for another reason (a limit, an outage) offers a retry, never "no longer valid"', async () => {
    lookup()
      .mockRejectedValueOnce(new ApiError('Too many requests. Please try again later.', 429, 'RATE_LIMITED'))
      .mockResolvedValue({ email: 'guest@example.org' });
    renderInvited();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't check your invitation");
    expect(screen.queryByText(/no longer valid/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You were invited to this server')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('guest@example.org');
  });
});
