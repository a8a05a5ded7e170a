import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import ResetPasswordPage from './ResetPasswordPage';

const api = fakeApi();
const resetPassword = () => api.on(AUTH_ENDPOINTS.resetPassword);

describe('ResetPasswordPage', () => {
  setUpPageTests();
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('a common password is refused on its field; the form stays and the next password is sent', async () => {
    window.history.replaceState(null, '', '/reset-password#access_token=tok&refresh_token=tok&type=recovery');
    resetPassword()
      .mockRejectedValueOnce(
        new ApiError('This password is one of the 10,000 most common ones', 400, 'PASSWORD_TOO_COMMON'),
      )
      .mockResolvedValueOnce({ message: 'ok' });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ResetPasswordPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const fill = async (password: string) => {
      await userEvent.clear(screen.getByLabelText('New Password'));
      await userEvent.clear(screen.getByLabelText('Confirm New Password'));
      await userEvent.type(screen.getByLabelText('New Password'), password);
      await userEvent.type(screen.getByLabelText('Confirm New Password'), password);
      await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    };
    await fill('sunshine');
    expect(await screen.findByLabelText('New Password')).toHaveAccessibleDescription(
      'This password is one of the 10,000 most common ones, which are guessed first. Please choose another.',
    );
    await fill('a much rarer phrase');
    expect(await screen.findByText('Password Reset Successful')).toBeInTheDocument();
    expect(resetPassword()).toHaveBeenLastCalledWith({
      params: {},
      query: {},
      body: { token: 'tok', new_password: 'a much rarer phrase' },
    });
  });
});
