import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { ClipViewLog } from './ClipViewLog';

const api = fakeApi();
const views = () => api.on(CLIP_ENDPOINTS.views);

const renderLog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClipViewLog clipId="clip-1" />
    </QueryClientProvider>,
  );

describe('ClipViewLog', () => {
  setUpPageTests();

  test('lists each open: when, device and browser, the viewer’s name if signed in, and whether it spent a view', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    views().mockResolvedValue({
      views: [
        { viewedAt: minutesAgo(5), device: 'phone', browser: 'Safari', viewerName: 'Bea', spentView: true },
        { viewedAt: minutesAgo(90), device: 'desktop', browser: 'other', viewerName: null, spentView: false },
      ],
    });
    renderLog();
    const rows = await screen.findAllByRole('listitem');
    expect(views()).toHaveBeenCalledWith({ params: { id: 'clip-1' }, query: {}, body: undefined });
    expect(rows[0]).toHaveTextContent('5m ago');
    expect(rows[0]).toHaveTextContent('Phone · Safari');
    expect(within(rows[0] as HTMLElement).getByText('Bea')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Spent a view');
    expect(rows[1]).toHaveTextContent('1h ago');
    expect(rows[1]).toHaveTextContent('Computer · Other browser');
    expect(rows[1]).toHaveTextContent('Not signed in');
    expect(rows[1]).toHaveTextContent('No view spent');
  });

  test('says when no one has opened the link yet', async () => {
    views().mockResolvedValue({ views: [] });
    renderLog();
    expect(await screen.findByText('No one has opened this link yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Views of the link' })).toBeInTheDocument();
  });
});
