import type { Clip } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { clipKeys, useClip } from './clip-queries';
import { clipsApi } from './clips-api';

vi.mock('./clips-api', () => ({ clipsApi: { get: vi.fn(), refresh: vi.fn() } }));

const clip = { id: 'LINK0000000000000000001', content: 'shown' } as Clip;

describe('useClip', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(clipsApi.get).mockResolvedValue(clip);
    vi.mocked(clipsApi.refresh).mockResolvedValue(clip);
  });

  test('reads the clip once, then every read again (focus, reconnect) is a refresh of the same visit', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useClip(clip.id), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(clip));
    expect(clipsApi.get).toHaveBeenCalledExactlyOnceWith(clip.id);

    // What a window focus or a reconnect does to a stale query.
    await act(() => queryClient.refetchQueries({ queryKey: clipKeys.detail(clip.id) }));
    expect(clipsApi.refresh).toHaveBeenCalledExactlyOnceWith(clip.id);
    expect(clipsApi.get).toHaveBeenCalledTimes(1);
  });
});
