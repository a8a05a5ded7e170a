import { AUDIT_ENDPOINTS, type AuditEvent } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { saveBlob } from '../../../lib/browser-files';
import { fakeApi, withHeaders } from '../../../test/fake-api';
import { setUpPageTests } from '../../../test/page-test-setup';
import { Toaster } from '../../../ui/Toaster';
import AuditPage from './AuditPage';

const api = fakeApi();
const list = () => api.on(AUDIT_ENDPOINTS.list);
const exportLog = () => api.on(AUDIT_ENDPOINTS.export);

vi.mock('../../../lib/browser-files', () => ({ saveBlob: vi.fn() }));

const tokenCreated: AuditEvent = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  at: '2026-11-20T10:00:00.000Z',
  kind: 'security',
  action: 'token.created',
  actorId: 'u1',
  actorName: 'Ada',
  actorEmail: 'ada@example.com',
  subjectUserId: 'u1',
  subjectName: 'Ada',
  subjectEmail: 'ada@example.com',
  targetKind: 'user',
  targetId: 'u1',
  requestId: '0b6e3a57-3c43-4b8e-9c1c-1c3f0b8f1e2a',
  details: { name: 'CI', client: 'Firefox on Linux' },
};
const adminCall: AuditEvent = {
  ...tokenCreated,
  id: 'BBBBBBBBBBBBBBBBBBBBBB',
  kind: 'admin',
  action: 'adminAccount.disable',
  actorId: 'admin1',
  actorName: 'Root',
  actorEmail: 'root@example.com',
  targetId: 'u2',
  subjectUserId: 'u2',
  subjectName: 'Bob',
  subjectEmail: 'bob@example.com',
  details: {},
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AuditPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('AuditPage', () => {
  setUpPageTests();

  test('lists events newest first as sentences, with who, the account and the request id', async () => {
    list().mockResolvedValue({ events: [adminCall, tokenCreated], total: 2, isTotalCapped: false });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Root disabled bob@example.com');
    expect(first).toHaveTextContent('root@example.com');
    expect(first).not.toHaveTextContent('adminAccount.disable');
    expect(first).not.toHaveTextContent('u2');
    expect(second).toHaveTextContent('ada@example.com created the token “CI”');
    expect(second).toHaveTextContent('Firefox on Linux');
    expect(second).toHaveTextContent(tokenCreated.requestId!);
    // A phone reads the same sentences as cards.
    const cards = within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Root disabled bob@example.com');
    expect(screen.getByText('2 events')).toBeInTheDocument();
    expect(list()).toHaveBeenCalledWith({ params: {}, query: { limit: '50', offset: '0' } });
  });

  test("each event's time reads as every other date in the app: 'Nov 20, 2026, 10:00 AM', no seconds", async () => {
    list().mockResolvedValue({ events: [tokenCreated], total: 1, isTotalCapped: false });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [time] = [...table.querySelectorAll(`time[datetime="${tokenCreated.at}"]`)].map((node) => node.textContent);
    // The hour depends on the zone the tests run in; the style does not.
    expect(time?.replace(/\s/g, ' ')).toMatch(/^Nov 20, 2026, \d{1,2}:\d{2} [AP]M$/);
  });

  test('the filters are sent to the server, and the export downloads under the same filters', async () => {
    list().mockResolvedValue({ events: [tokenCreated], total: 1, isTotalCapped: false });
    exportLog().mockResolvedValue(
      withHeaders(undefined, { 'content-disposition': 'attachment; filename="audit-2026-11-26.csv"' }),
    );
    renderPage();
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('combobox', { name: 'Action' }), 'token.created');
    await userEvent.type(screen.getByRole('textbox', { name: 'Who' }), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const filters = { action: 'token.created', actor: 'ada@example.com', from: '2026-11-01' };
    expect(list()).toHaveBeenLastCalledWith({ params: {}, query: { ...filters, limit: '50', offset: '0' } });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(exportLog()).toHaveBeenCalledWith({ params: {}, query: { ...filters, format: 'csv' }, body: undefined });
    await vi.waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'audit-2026-11-26.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON Lines' }));
    expect(exportLog()).toHaveBeenLastCalledWith({
      params: {},
      query: { ...filters, format: 'jsonl' },
      body: undefined,
    });
  });

  test('a capped total says "more than" and the pager goes on past it', async () => {
    list().mockResolvedValue({ events: [adminCall, tokenCreated], total: 1_000, isTotalCapped: true });
    renderPage();
    expect(await screen.findByText('More than 1000 events')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 20+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(list()).toHaveBeenLastCalledWith({ params: {}, query: { limit: '50', offset: '50' } });
  });

  test('nothing matching says so', async () => {
    list().mockResolvedValueOnce({ events: [], total: 0, isTotalCapped: false });
    renderPage();
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
  });
});
