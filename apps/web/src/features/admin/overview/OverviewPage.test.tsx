import {
  ADMIN_OVERVIEW_ENDPOINTS,
  MODERATION_ENDPOINTS,
  type AdminOverview,
  type ReportedItem,
} from '@clipsync/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { renderAdminPage } from '../admin-test-kit';
import OverviewPage from './OverviewPage';

const overview: AdminOverview = {
  version: '0.1.0',
  users: { total: 100_000, activeLast7Days: 1234 },
  devicesOnline: 56,
  clips: 789,
  rooms: 12,
  storage: { fileStore: 's3', textBytes: 2048, fileBytes: 5 * 1024 ** 2 },
  mail: { transport: 'smtp', pending: 3 },
  jobs: [
    { name: 'share claims expiry', everySeconds: 60, lastRunAt: new Date().toISOString(), lastOutcome: 'ok' },
    { name: 'device-send-redelivery', everySeconds: 5, lastRunAt: null, lastOutcome: null },
  ],
  health: { database: 'ok', redis: 'disabled', storage: 'down' },
  countedAt: new Date().toISOString(),
};

const reported = (id: string, reportCount: number): ReportedItem => ({
  kind: 'clip',
  id,
  visitorPath: `/clips/share-${id}`,
  owner: { id: 'owner-1', name: 'Olive', email: 'olive@example.com', takedownCount: 0, isDisabled: false },
  createdAt: '2026-11-20T10:00:00.000Z',
  sizeBytes: 10,
  encrypted: false,
  reportCount,
  reasons: ['phishing', 'spam'],
  notes: [],
  firstReportedAt: new Date().toISOString(),
  lastReportedAt: new Date().toISOString(),
  takedown: null,
});

const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

describe('OverviewPage', () => {
  setUpPageTests();
  const api = fakeApi();

  test('the figures, storage by store, mail queue, health, jobs and version', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockResolvedValue(overview);
    renderAdminPage(<OverviewPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByText('Users', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Users')).toHaveTextContent('100,000');
    expect(figure('Active in the last 7 days')).toHaveTextContent('1,234');
    expect(figure('Devices online now')).toHaveTextContent('56');
    expect(figure('Clips')).toHaveTextContent('789');
    expect(figure('Rooms')).toHaveTextContent('12');
    expect(figure('Text stored')).toHaveTextContent('2 KB');
    expect(figure('Files stored')).toHaveTextContent('5 MB');
    expect(figure('File store')).toHaveTextContent('S3 bucket');
    expect(figure('Mail queue')).toHaveTextContent('3 waiting (SMTP)');
    expect(figure('Version')).toHaveTextContent('0.1.0');

    const health = within(screen.getByRole('region', { name: 'Health' }));
    expect(health.getByText('Database').nextElementSibling).toHaveTextContent('OK');
    expect(health.getByText('Redis').nextElementSibling).toHaveTextContent('Not configured');
    expect(health.getByText('File storage').nextElementSibling).toHaveTextContent('Down');

    const jobs = within(screen.getByRole('table'));
    expect(jobs.getByRole('row', { name: /share claims expiry/ })).toHaveTextContent(
      'Every minuteJust now · succeeded',
    );
    expect(jobs.getByRole('row', { name: /device-send-redelivery/ })).toHaveTextContent(
      'Every 5 secondsNot run yet on this node',
    );
  });

  test('the open reports come first, each linking to its card in the Reports tab', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockResolvedValue(overview);
    api
      .on(MODERATION_ENDPOINTS.list)
      .mockResolvedValue({ items: [reported('CLIP1', 2), reported('CLIP2', 1)], total: 7 });
    renderAdminPage(<OverviewPage />);
    const section = await screen.findByRole('region', { name: '7 open reports' });
    expect(api.on(MODERATION_ENDPOINTS.list)).toHaveBeenCalledWith(
      expect.objectContaining({ query: { status: 'open', limit: '5', offset: '0' } }),
    );
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Shared clip · 2 reports', '/admin/reports#report-clip-CLIP1'],
      ['Shared clip · 1 report', '/admin/reports#report-clip-CLIP2'],
      ['See all 7 in Reports', '/admin/reports'],
    ]);
    expect(section).toHaveTextContent('Phishing, Spam · olive@example.com');
    await screen.findByText('Users', { selector: 'dt' });
    // Above everything else the Overview shows.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe('7 open reports');
  });

  test('with none open, the Overview says so', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockResolvedValue(overview);
    api.on(MODERATION_ENDPOINTS.list).mockResolvedValue({ items: [], total: 0 });
    renderAdminPage(<OverviewPage />);
    expect(await screen.findByText('No report waits for review.')).toBeInTheDocument();
  });

  test('Refresh asks the server again', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockResolvedValue(overview);
    renderAdminPage(<OverviewPage />);
    await screen.findByText('Users', { selector: 'dt' });
    api
      .on(ADMIN_OVERVIEW_ENDPOINTS.overview)
      .mockResolvedValue({ ...overview, users: { total: 100_001, activeLast7Days: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('100,001')).toBeInTheDocument();
  });

  test('counts from a count over a minute old say their age; current ones do not', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockResolvedValue(overview);
    renderAdminPage(<OverviewPage />);
    await screen.findByText('Users', { selector: 'dt' });
    expect(screen.queryByText(/These counts are from/)).not.toBeInTheDocument();
    const countedAt = new Date(Date.now() - 3 * 60_000).toISOString();
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockResolvedValue({ ...overview, countedAt });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('These counts are from 3m ago: counting again took too long.')).toBeInTheDocument();
  });

  test('a refusal says the overview could not be loaded, with Try again', async () => {
    api.on(ADMIN_OVERVIEW_ENDPOINTS.overview).mockRejectedValue(new ApiError('Only admins', 403, 'ADMIN_ONLY'));
    renderAdminPage(<OverviewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The overview could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
