import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { clipsApi } from '../../../api/clips-api';
import { NO_FILTERS } from '../../../lib/clip-filters';
import { makeClip } from '../../../test/fixtures';
import { setUpPageTests } from '../../../test/page-test-setup';
import AllClipsPage from './AllClipsPage';
import FavoritesPage from './FavoritesPage';

vi.mock('../../../api/clips-api', () => ({ clipsApi: { history: vi.fn(), favorites: vi.fn() } }));

const clipsOf = (count: number) => Array.from({ length: count }, (_, index) => makeClip({ id: `clip-${index}` }));

function renderAt(url: string, page = <AllClipsPage />, queryClient = new QueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/clips', element: page },
      { path: '/favorites', element: page },
    ],
    { initialEntries: ['/dashboard', url], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search clips...' });
const searchesSent = () => vi.mocked(clipsApi.history).mock.calls.map(([filters]) => filters.search);

describe('All Clips and Favorites keep their filters and page in the URL', () => {
  setUpPageTests();

  test('a shared link opens with its filters and page, and asks the server for them', async () => {
    vi.mocked(clipsApi.history).mockResolvedValue({ clips: clipsOf(20), total: 45 });
    renderAt('/clips?q=report&type=file&range=week&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('report');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Files');
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveTextContent('This week');
    expect(clipsApi.history).toHaveBeenCalledWith(
      { ...NO_FILTERS, search: 'report', type: 'file', dateRange: 'week' },
      { limit: 20, offset: 20 },
    );
  });

  test('typing replaces the URL entry, returns to page 1 and is sent once typing settles', async () => {
    vi.mocked(clipsApi.history).mockResolvedValue({ clips: clipsOf(20), total: 45 });
    const router = renderAt('/clips?q=report&page=2');
    await screen.findByText('Page 2 of 3');
    await userEvent.type(searchBox(), ' 2026');
    expect(searchBox()).toHaveValue('report 2026');
    await waitFor(() => expect(router.state.location.search).toBe('?q=report+2026'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(searchesSent()).toContain('report 2026'));
    expect(searchesSent().filter((search) => search.startsWith('report '))).toEqual(['report 2026']);
    // No entry per keystroke: one step back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('a page change adds a history entry, and Back returns to the previous page with its filters', async () => {
    vi.mocked(clipsApi.history).mockResolvedValue({ clips: clipsOf(20), total: 45 });
    const router = renderAt('/clips?q=note');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=note&page=2'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('note');
  });

  test('a capped total is no last page: page 51 stays, reads Page 51 of 51+, and Next goes on', async () => {
    vi.mocked(clipsApi.history).mockResolvedValue({ clips: clipsOf(20), total: 1000, isTotalCapped: true });
    const router = renderAt('/clips?search=invoice&page=51');
    expect(await screen.findByText('Page 51 of 51+')).toBeInTheDocument();
    expect(router.state.location.search).toContain('page=51');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 52 of 52+')).toBeInTheDocument();
  });

  test("with one page, 'Page 1 of 1' and the Previous/Next buttons are hidden", async () => {
    vi.mocked(clipsApi.history).mockResolvedValue({ clips: clipsOf(5), total: 5 });
    renderAt('/clips');
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    expect(screen.queryByText(/Page \d+ of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  test('with no clips, the empty text offers Create clip', async () => {
    vi.mocked(clipsApi.history).mockResolvedValue({ clips: [], total: 0 });
    renderAt('/clips');
    expect(await screen.findByText('No clips found. Create your first clip!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create clip' })).toHaveAttribute('href', '/new-clip');
  });

  test('empty Favorites explain the star; a favorite filter in its URL is ignored', async () => {
    vi.mocked(clipsApi.favorites).mockResolvedValue({ clips: [], total: 0 });
    renderAt('/favorites?favorite=false', <FavoritesPage />);
    expect(await screen.findByText('No favorite clips found.')).toBeInTheDocument();
    expect(screen.getByText('Use the star on a clip to add it here.')).toBeInTheDocument();
    expect(clipsApi.favorites).toHaveBeenCalledWith(NO_FILTERS, { limit: 20, offset: 0 });
  });

  test('Favorites that cannot load say so with Retry, never that there are none', async () => {
    vi.mocked(clipsApi.favorites).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.mocked(clipsApi.favorites).mockResolvedValue({ clips: [], total: 0 });
    renderAt('/favorites', <FavoritesPage />, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your favorite clips");
    expect(screen.queryByText('No favorite clips found.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No favorite clips found.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
