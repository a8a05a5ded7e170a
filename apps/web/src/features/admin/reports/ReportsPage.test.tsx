import { ADMIN_ACCOUNT_ENDPOINTS, MODERATION_ENDPOINTS, type ReportedItem } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { fakeApi } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import type { DisableUserSlot } from './ReportedItemCard';
import ReportsPage, { ReportsQueue } from './ReportsPage';

const api = fakeApi();
const list = () => api.on(MODERATION_ENDPOINTS.list);

const reported: ReportedItem = {
  kind: 'clip',
  id: 'CLIPCLIPCLIPCLIPCLIP01',
  visitorPath: '/clips/SHARESHARESHARESHARE01',
  owner: {
    id: 'USERUSERUSERUSERUSER01',
    name: 'Olive',
    email: 'olive@example.com',
    takedownCount: 2,
    isDisabled: false,
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  sizeBytes: 2048,
  encrypted: false,
  reportCount: 3,
  reasons: ['phishing', 'spam'],
  notes: ['fake bank login'],
  firstReportedAt: '2026-11-25T10:00:00.000Z',
  lastReportedAt: '2026-11-26T10:00:00.000Z',
  takedown: null,
};

function renderQueue(onDisableUser?: DisableUserSlot, url = '/admin/reports') {
  const router = createMemoryRouter(
    [{ path: '/admin/reports', element: <ReportsQueue onDisableUser={onDisableUser} /> }],
    {
      initialEntries: [url],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe('ReportsPage', () => {
  setUpPageTests();

  test('shows each item’s grouped reports and metadata, never its content until asked', async () => {
    list().mockResolvedValue({ items: [reported], total: 1 });
    api.on(MODERATION_ENDPOINTS.content).mockResolvedValue({ texts: ['the reported text'], files: [] });
    renderQueue();
    const card = await screen.findByRole('listitem', { name: /Shared clip · 3 reports/ });
    expect(within(card).getByText('Phishing, Spam')).toBeVisible();
    expect(within(card).getByText(/Owner: Olive \(olive@example.com\) · 2 takedowns so far/)).toBeVisible();
    expect(within(card).getByText('fake bank login')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open as its visitors see it' })).toHaveAttribute(
      'href',
      '/clips/SHARESHARESHARESHARE01',
    );
    expect(within(card).getByRole('link', { name: 'The owner in Users' })).toHaveAttribute(
      'href',
      '/admin/users/USERUSERUSERUSERUSER01',
    );
    expect(screen.queryByText('the reported text')).toBeNull();
    expect(api.on(MODERATION_ENDPOINTS.content)).not.toHaveBeenCalled();
    await userEvent.click(within(card).getByRole('button', { name: 'Show content' }));
    expect(await within(card).findByText('the reported text')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Disable this user' })).toBeNull();
  });

  test('take down asks the reason for the owner, then the queue refetches', async () => {
    list().mockResolvedValue({ items: [reported], total: 1 });
    const takeDown = api.on(MODERATION_ENDPOINTS.takeDown).mockResolvedValue();
    renderQueue();
    const card = await screen.findByRole('listitem', { name: /Shared clip/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Take down' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason shown to the owner' }), 'Phishing page');
    await userEvent.click(screen.getByRole('button', { name: 'Take down now' }));
    expect(await screen.findByText('Taken down')).toBeVisible();
    expect(takeDown).toHaveBeenCalledWith(
      expect.objectContaining({ params: { kind: 'clip', id: reported.id }, body: { reason: 'Phishing page' } }),
    );
    expect(list()).toHaveBeenCalledTimes(2);
  });

  test('a taken-down item offers Restore; Dismiss closes an open item’s reports', async () => {
    list().mockResolvedValue({
      items: [
        { ...reported, takedown: { reason: 'Phishing page', takenDownAt: '2026-11-26T11:00:00.000Z' } },
        { ...reported, kind: 'room', id: 'ROOMROOMROOMROOMROOM01', sizeBytes: null },
      ],
      total: 2,
    });
    const restore = api.on(MODERATION_ENDPOINTS.restore).mockResolvedValue();
    const dismiss = api.on(MODERATION_ENDPOINTS.dismiss).mockResolvedValue();
    const onDisable = vi.fn();
    renderQueue(onDisable);
    const [clipCard, roomCard] = await screen.findAllByRole('listitem', { name: /3 reports/ });
    expect(within(clipCard!).getByText('Taken down: Phishing page')).toBeVisible();
    await userEvent.click(within(clipCard!).getByRole('button', { name: 'Restore' }));
    expect(restore).toHaveBeenCalledWith(expect.objectContaining({ params: { kind: 'clip', id: reported.id } }));
    await userEvent.click(within(roomCard!).getByRole('button', { name: 'Dismiss' }));
    expect(dismiss).toHaveBeenCalledWith(
      expect.objectContaining({ params: { kind: 'room', id: 'ROOMROOMROOMROOMROOM01' } }),
    );
    await userEvent.click(within(roomCard!).getByRole('button', { name: 'Disable this user' }));
    expect(onDisable).toHaveBeenCalledWith(reported.owner);
  });

  test('the resolved tab asks for resolved items; a refusal says the queue could not load', async () => {
    list().mockResolvedValueOnce({ items: [], total: 0 });
    list().mockRejectedValueOnce(new ApiError('Only the admins of this server may do this', 403, 'ADMIN_ONLY'));
    renderQueue();
    expect(await screen.findByText('No reports here.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('The reports could not be loaded.')).toBeVisible();
    expect(list()).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { status: 'resolved', limit: '20', offset: '0' } }),
    );
  });

  test('the tab and page are kept in the address: a reload and Back return to them', async () => {
    list().mockResolvedValue({ items: [reported], total: 45 });
    const router = renderQueue(undefined, '/admin/reports?status=resolved&page=2');
    expect(await screen.findByRole('button', { name: 'Resolved', pressed: true })).toBeVisible();
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
    expect(list()).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { status: 'resolved', limit: '20', offset: '20' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Page 1 of 3')).toBeVisible();
    await router.navigate(-1);
    expect(await screen.findByRole('button', { name: 'Resolved', pressed: true })).toBeVisible();
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
  });

  test('the page disables an item’s owner only once the admin confirms', async () => {
    list().mockResolvedValue({ items: [reported], total: 1 });
    const disable = api.on(ADMIN_ACCOUNT_ENDPOINTS.disable);
    disable.mockRejectedValue(
      new ApiError('At least one admin must remain: grant another account first', 409, 'CONFLICT'),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ReportsPage />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('listitem', { name: /Shared clip · 3 reports/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Disable this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable olive@example.com?' });
    expect(disable).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable this user' }));
    expect(disable).toHaveBeenCalledWith(expect.objectContaining({ params: { id: reported.owner.id } }));
    expect(await screen.findByText('At least one admin must remain: grant another account first')).toBeVisible();
  });
});
