import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
import { RegisterForm } from './RegisterForm';

const api = fakeApi();
const register = () => api.on(AUTH_ENDPOINTS.register);

describe('RegisterForm', () => {
  setUpPageTests();

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
});
