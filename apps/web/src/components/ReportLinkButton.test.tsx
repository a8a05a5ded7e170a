import { REPORT_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../api/api-error';
import { fakeApi } from '../test/fake-api';
import { setUpPageTests } from '../test/page-test-setup';
import { ReportLinkButton } from './ReportLinkButton';

const api = fakeApi();
const report = () => api.on(REPORT_ENDPOINTS.create);

function renderButton() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ReportLinkButton kind="clip" link="LINKLINKLINKLINKLINK01" />
    </QueryClientProvider>,
  );
}

describe('ReportLinkButton', () => {
  setUpPageTests();

  test('a visitor picks a reason, adds a note and sends; the dialog thanks them', async () => {
    report().mockResolvedValue();
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Report this link' }));
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    for (const reason of ['Malware', 'Phishing', 'Illegal content', 'Spam', 'Something else']) {
      expect(screen.getByRole('radio', { name: reason })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('radio', { name: 'Phishing' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'fake bank login');
    await userEvent.click(send);
    expect(await screen.findByText('Thank you. The operator of this server will look at this link.')).toBeVisible();
    expect(report()).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { kind: 'clip', link: 'LINKLINKLINKLINKLINK01', reason: 'phishing', note: 'fake bank login' },
      }),
    );
  });

  test('past the per-address limit the dialog says to try later', async () => {
    report().mockRejectedValue(new ApiError('Too many requests. Please try again later.', 429, 'RATE_LIMITED'));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Report this link' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent many reports. Please try again later.');
  });
});
