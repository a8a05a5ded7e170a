import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { AuthContext } from '../../session/auth-context';
import { fakeApi } from '../../test/fake-api';
import { fakeSession, setUpPageTests } from '../../test/page-test-setup';
import { Toaster } from '../../ui/Toaster';
import { LoginForm } from './LoginForm';

const api = fakeApi();
const resendConfirmation = () => api.on(AUTH_ENDPOINTS.resendConfirmation);

function renderForm(loginError: Error | null, confirmation?: string) {
  const auth = fakeSession(null);
  if (loginError) vi.mocked(auth.login).mockRejectedValue(loginError);
  else vi.mocked(auth.login).mockResolvedValue();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={auth}>
        <LoginForm onRegister={vi.fn()} onForgot={vi.fn()} confirmation={confirmation} />
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return auth;
}

async function logIn() {
  await userEvent.type(screen.getByLabelText('Email'), ' new@example.com ');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const unconfirmed = new ApiError('Please confirm your email first', 403, 'EMAIL_NOT_CONFIRMED');
const findToast = async (text: string) => (await screen.findAllByText(text, { exact: true }))[0];

describe('LoginForm', () => {
  setUpPageTests();

  test('from a confirmation link it says so, and the sign-in carries the link', async () => {
    const auth = renderForm(null, 'link-token');
    expect(screen.getByRole('heading', { name: 'Sign in to confirm your address' })).toBeInTheDocument();
    await logIn();
    expect(auth.login).toHaveBeenCalledExactlyOnceWith({
      email: 'new@example.com',
      password: 'secret-password',
      confirmation: 'link-token',
    });
  });

  test('a dead confirmation link is said in the reader’s words', async () => {
    renderForm(new ApiError('This confirmation link is invalid or has expired.', 400, 'INVALID_TOKEN'), 'old');
    await logIn();
    expect(
      await screen.findByText('This confirmation link is invalid or has expired. Please request a new one.'),
    ).toBeInTheDocument();
  });

  test('an unconfirmed account is offered a new confirmation email; the answer is a success toast', async () => {
    resendConfirmation().mockResolvedValue({ message: 'If the account exists, a link is on its way' });
    renderForm(unconfirmed);
    await logIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Confirmation Email' }));
    expect(resendConfirmation()).toHaveBeenCalledExactlyOnceWith({
      params: {},
      query: {},
      body: { email: 'new@example.com' },
    });
    expect(await findToast('If the account exists, a link is on its way')).toBeInTheDocument();
  });

  test("a refused resend (over its limit) is an error toast with the server's words", async () => {
    resendConfirmation().mockRejectedValue(new ApiError('Too many requests', 429, 'RATE_LIMITED'));
    renderForm(unconfirmed);
    await logIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Confirmation Email' }));
    expect(await findToast('Too many requests')).toBeInTheDocument();
  });

  test('other login failures offer no resend', async () => {
    renderForm(new ApiError('Invalid email or password', 401, 'INVALID_CREDENTIALS'));
    await logIn();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Confirmation Email' })).not.toBeInTheDocument();
  });

  test('the lock says its wait in minutes, not seconds', async () => {
    renderForm(
      new ApiError(
        'Too many attempts for this account. Please try again in 15 minutes.',
        429,
        'RATE_LIMITED',
        undefined,
        undefined,
        {
          retryAfterSeconds: 892,
        },
      ),
    );
    await logIn();
    expect(await screen.findByText('Too many attempts for this account. Try again in 15 minutes.')).toBeInTheDocument();
  });

  test('under a minute, in seconds', async () => {
    renderForm(new ApiError('', 429, 'RATE_LIMITED', undefined, undefined, { retryAfterSeconds: 1 }));
    await logIn();
    expect(await screen.findByText('Too many attempts for this account. Try again in 1 second.')).toBeInTheDocument();
  });

  test('a wrong password with two tries left warns before the lock; with more, nothing', async () => {
    const wrong = (attemptsLeft: number) =>
      new ApiError('Invalid email or password', 401, 'INVALID_CREDENTIALS', undefined, undefined, { attemptsLeft });
    renderForm(wrong(2));
    await logIn();
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 tries left before signing in to this account is paused for a while.',
    );
    cleanup();
    renderForm(wrong(5));
    await logIn();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByText(/tries left/)).not.toBeInTheDocument();
  });
});
