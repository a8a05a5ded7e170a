import { NEARNESS_ENDPOINTS } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { thisBrowserKey } from '../lib/near/this-browser-key';
import { makeDevice } from '../test/device-fixtures';
import { fakeApi } from '../test/fake-api';
import { useRegisterDeviceKey } from './nearness-queries';

vi.mock('../lib/near/this-browser-key', () => ({ thisBrowserKey: vi.fn() }));

const api = fakeApi();
const registerKey = () => api.on(NEARNESS_ENDPOINTS.registerKey);

const jwk = { kty: 'EC', crv: 'P-256', x: 'x'.repeat(43), y: 'y'.repeat(43) } as const;
const keyOf = (isNew: boolean) => ({ key: { publicJwk: vi.fn(async () => jwk), sign: vi.fn() }, isNew });

function registered(hasKey: boolean, id: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
  return renderHook(() => useRegisterDeviceKey('user-1', makeDevice({ id, hasKey })), { wrapper }).result;
}

describe('registering this browser key', () => {
  // jsdom has no IndexedDB; the key store itself is mocked.
  beforeAll(() => vi.stubGlobal('indexedDB', {}));
  afterAll(() => vi.unstubAllGlobals());
  beforeEach(() => {
    vi.clearAllMocks();
    registerKey().mockResolvedValue(undefined);
  });

  test('a device without a key registers the public JWK', async () => {
    vi.mocked(thisBrowserKey).mockResolvedValue(keyOf(false));
    const result = registered(false, 'DEVICE0WITHOUTKEY00001');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(registerKey()).toHaveBeenCalledExactlyOnceWith({ params: {}, query: {}, body: { publicKey: jwk } });
  });

  test('a device with a key keeps it (a new one would end its proved nearness)', async () => {
    vi.mocked(thisBrowserKey).mockResolvedValue(keyOf(false));
    const result = registered(true, 'DEVICE0WITHKEY00000001');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(registerKey()).not.toHaveBeenCalled();
  });

  test('a browser that had to make a new pair registers it, key or not', async () => {
    vi.mocked(thisBrowserKey).mockResolvedValue(keyOf(true));
    const result = registered(true, 'DEVICE0NEWPAIR00000001');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(registerKey()).toHaveBeenCalledExactlyOnceWith({ params: {}, query: {}, body: { publicKey: jwk } });
  });
});
