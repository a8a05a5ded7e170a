import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import EmailConfirmationPage from './EmailConfirmationPage';

const api = fakeApi();
const checkConfirmation = () => api.on(AUTH_ENDPOINTS.checkEmailConfirmation);

/** Stands for the sign-in page: shows the token it was handed in history state. */
function SignInProbe() {
  const state = useLocation().state as { confirmation?: string } | null;
  return <p>sign-in to confirm with {state?.confirmation}</p>;
}

function renderPage(search: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/email-confirmation', element: <EmailConfirmationPage /> },
            { path: '/auth', element: <SignInProbe /> },
          ],
          { initialEntries: [`/email-confirmation${search}`] },
        )}
      />
    </QueryClientProvider>,
  );
}

describe('EmailConfirmationPage', () => {
  setUpPageTests();

  test('a confirmed check shows the success state', async () => {
    checkConfirmation().mockResolvedValue({ confirmed: true });
    renderPage('?token=t1');
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(checkConfirmation()).toHaveBeenCalledExactlyOnceWith({ params: {}, query: { token: 't1' } });
  });

  test("a failed check call is 'Email confirmation check failed', and Try Again asks again", async () => {
    checkConfirmation()
      .mockRejectedValueOnce(new ApiError('', 502, 'HTTP_ERROR'))
      .mockResolvedValueOnce({ confirmed: true });
    renderPage('?token=t1');
    expect(await screen.findByRole('heading', { name: 'Email confirmation check failed' })).toBeInTheDocument();
    expect(screen.getByText('Failed to verify email confirmation status. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
  });

  test('a link not used yet goes on to the sign-in that confirms, with its token out of the address', async () => {
    checkConfirmation().mockResolvedValue({ confirmed: false });
    renderPage('?token=t1');
    expect(await screen.findByText('sign-in to confirm with t1')).toBeInTheDocument();
    expect(screen.queryByText('Email confirmation check failed')).not.toBeInTheDocument();
  });
});
