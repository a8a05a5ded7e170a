import { AUTH_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { fakeApi } from '../../test/fake-api';
import { setUpPageTests } from '../../test/page-test-setup';
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
  beforeEach(() => registration().mockResolvedValue({ mode: 'open', emailDomains: [] }));

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

  test('where anyone may sign up, the form says nothing of it', async () => {
    renderForm();
    await waitFor(() => expect(registration()).toHaveBeenCalled());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  test('where sign-ups are by invitation, the form says so before anyone types, and a refusal in the same words', async () => {
    registration().mockResolvedValue({ mode: 'invite', emailDomains: [] });
    register().mockRejectedValue(new ApiError('Sign-ups are by invitation on this server', 403, 'REGISTRATION_CLOSED'));
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent('Sign-ups are by invitation on this server');
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-ups are by invitation on this server');
  });

  test('closed sign-ups and an allow-list of domains are said in words', async () => {
    registration().mockResolvedValue({ mode: 'closed', emailDomains: [] });
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent('Sign-ups are closed on this server');
    cleanup();
    registration().mockResolvedValue({ mode: 'open', emailDomains: ['example.com', 'example.org'] });
    renderForm();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Sign-ups on this server are for addresses at example.com or example.org',
    );
  });
});
