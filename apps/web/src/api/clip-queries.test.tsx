import { CLIP_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, test } from 'vitest';
import { useClip } from './clip-queries';
import { clipKeys } from './query-keys';
import { fakeApi } from '../test/fake-api';
import { makeClip } from '../test/fixtures';

const api = fakeApi();
const read = () => api.on(CLIP_ENDPOINTS.get);

const clip = makeClip({ id: 'LINK0000000000000000001', content: 'shown' });

describe('useClip', () => {
  beforeEach(() => {
    read().mockResolvedValue(clip);
  });

  test('reads the clip once, then every read again (focus, reconnect) is a refresh of the same visit', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useClip(clip.id), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(clip));
    expect(read()).toHaveBeenCalledExactlyOnceWith({ params: { id: clip.id }, query: {}, body: undefined });

    // What a window focus or a reconnect does to a stale query.
    await act(() => queryClient.refetchQueries({ queryKey: clipKeys.detail(clip.id) }));
    expect(read()).toHaveBeenCalledTimes(2);
    expect(read()).toHaveBeenLastCalledWith({ params: { id: clip.id }, query: { refresh: 'true' }, body: undefined });
  });
});
