import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { QueryState } from './QueryState';
import { toastStore } from './toast-store';

const loading = { label: 'Loading tokens', rows: 2, rowClassName: 'h-10' };

function renderState(query: { isPending: boolean; isError: boolean; data: string[] | undefined }) {
  return render(
    <QueryState
      query={query}
      loading={loading}
      failed={<p role="alert">Could not load</p>}
      refreshFailed="Could not load the tokens"
      isEmpty={(items) => items.length === 0}
      empty="No tokens yet"
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  afterEach(() => toastStore.getToasts().forEach((toast) => toastStore.dismiss(toast.id)));

  test('announces the first load and shows a skeleton row per row asked', () => {
    const { container } = renderState({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading tokens' })).toBeInTheDocument();
    expect(container.querySelectorAll('.animate-pulse')).toHaveLength(2);
    expect(screen.queryByText('No tokens yet')).not.toBeInTheDocument();
  });

  test('shows the failure, never the empty state, when the load failed', () => {
    renderState({ isPending: false, isError: true, data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.queryByText('No tokens yet')).not.toBeInTheDocument();
  });

  test('keeps the list on screen when a refetch fails, and says so in a toast', () => {
    renderState({ isPending: false, isError: true, data: ['old'] });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['old']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastStore.getToasts()).toEqual([
      expect.objectContaining({ title: 'Could not load the tokens', variant: 'destructive', open: true }),
    ]);
  });

  test('raises no toast for a first load that failed: the failure is on the page', () => {
    renderState({ isPending: false, isError: true, data: undefined });
    expect(toastStore.getToasts().filter((toast) => toast.open)).toEqual([]);
  });

  test('says the list is empty when it loaded nothing', () => {
    renderState({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('No tokens yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('renders the list from the loaded data', () => {
    renderState({ isPending: false, isError: false, data: ['cli', 'backup'] });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['cli', 'backup']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
