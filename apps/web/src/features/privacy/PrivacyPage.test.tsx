import { CLIPBOARD_KEY_ENDPOINTS, HISTORY_RETENTION_ENDPOINTS, type HistoryRetentionSettings } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../api/api-error';
import { AuthContext } from '../../session/auth-context';
import { fakeApi } from '../../test/fake-api';
import { testUser } from '../../test/fixtures';
import { fakeSession, setUpPageTests, supportRadixSelect } from '../../test/page-test-setup';
import { Toaster } from '../../ui/Toaster';
import PrivacyPage from './PrivacyPage';

const api = fakeApi();
const settings = () => api.on(HISTORY_RETENTION_ENDPOINTS.get);
const update = () => api.on(HISTORY_RETENTION_ENDPOINTS.update);
const forever: HistoryRetentionSettings = {
  days: null,
  includeFavorites: false,
  serverCapDays: null,
  effectiveDays: null,
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={fakeSession(testUser)}>
        <PrivacyPage />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('PrivacyPage', () => {
  setUpPageTests();
  supportRadixSelect();
  beforeEach(() =>
    api
      .on(CLIPBOARD_KEY_ENDPOINTS.status)
      .mockResolvedValue({ enabled: false, keyId: null, passphraseSalt: null, plainClips: 0, sealedClips: 0 }),
  );

  test('"Keep my history for" starts at Forever, favourites kept; saving sends the choice', async () => {
    settings().mockResolvedValue(forever);
    update().mockResolvedValue({ days: 1, includeFavorites: true, serverCapDays: null, effectiveDays: 1 });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    const keepFor = await screen.findByRole('combobox', { name: 'Keep my history for' });
    expect(keepFor).toHaveTextContent('Forever');
    expect(screen.getByRole('checkbox', { name: 'Also favorites' })).not.toBeChecked();
    expect(screen.queryByTestId('history-cap')).not.toBeInTheDocument();

    await userEvent.click(keepFor);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Forever',
      '30 days',
      '7 days',
      '1 day',
    ]);
    await userEvent.click(await screen.findByRole('option', { name: '1 day' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Also favorites' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(update()).toHaveBeenCalledWith(expect.objectContaining({ body: { days: 1, includeFavorites: true } }));
    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Keep my history for' })).toHaveTextContent('1 day');
  });

  test("the server's cap is said when one applies", async () => {
    settings().mockResolvedValue({ days: 30, includeFavorites: false, serverCapDays: 14, effectiveDays: 14 });
    renderPage();
    expect(await screen.findByTestId('history-cap')).toHaveTextContent('This server keeps history at most 14 days');
    expect(screen.getByRole('combobox', { name: 'Keep my history for' })).toHaveTextContent('30 days');
  });

  test("a refused save says so in the form, with the server's reason", async () => {
    settings().mockResolvedValue(forever);
    update().mockRejectedValue(new ApiError('Invalid body.days', 400, 'VALIDATION_FAILED'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your privacy settings could not be saved. Try again. Invalid body.days',
    );
  });

  test('a failed load says so and offers to try again', async () => {
    settings()
      .mockRejectedValueOnce(new ApiError('down', 503, 'UNAVAILABLE'))
      .mockResolvedValue(forever);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your privacy settings could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Keep my history for' })).toBeInTheDocument();
  });
});
