import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EXPLAINS_PLAN_REFUSAL } from '../api/billing-errors';
import { ApiError } from '../api/client';
import { upgradePrompt } from '../components/upgrade-prompt';
import { createAppQueryClient } from './query-client';

const refusal = new ApiError('Rooms need the Advanced plan', 402, 'PLAN_REQUIRED', 'advanced');

describe('createAppQueryClient', () => {
  afterEach(() => upgradePrompt.dismiss());

  test('a change refused with PLAN_REQUIRED opens the upgrade prompt for the plan it names', async () => {
    const client = createAppQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(refusal) });
    await expect(mutation.execute(undefined)).rejects.toBe(refusal);
    expect(upgradePrompt.getOffered()).toBe('advanced');
  });

  test('a read refused with PLAN_REQUIRED does too; other failures do not', async () => {
    const client = createAppQueryClient();
    const notFound = new ApiError('Not found', 404, 'NOT_FOUND');
    await expect(
      client.fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(notFound), retry: false }),
    ).rejects.toBe(notFound);
    expect(upgradePrompt.getOffered()).toBeNull();
    // The first test's Advanced was just dismissed, so this refusal names another plan.
    const sharingRefusal = new ApiError('Sharing needs the Pro plan', 402, 'PLAN_REQUIRED', 'pro');
    await expect(
      client.fetchQuery({ queryKey: ['share'], queryFn: () => Promise.reject(sharingRefusal), retry: false }),
    ).rejects.toBe(sharingRefusal);
    expect(upgradePrompt.getOffered()).toBe('pro');
  });

  test('a change whose screen explains the refusal itself leaves the prompt shut', async () => {
    const client = createAppQueryClient();
    // A plan no earlier test offered (a dismissed one is not offered again this soon either).
    const roomRefusal = new ApiError('This room is read-only', 402, 'PLAN_REQUIRED', 'basic');
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(roomRefusal), meta: EXPLAINS_PLAN_REFUSAL });
    await expect(mutation.execute(undefined)).rejects.toBe(roomRefusal);
    expect(upgradePrompt.getOffered()).toBeNull();
  });

  test('a page opened offline says its read failed, and reads again by itself when the network is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createAppQueryClient();
    client.mount();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(['a clip']);
    const observer = new QueryObserver(client, { queryKey: ['clips', 'history'], queryFn: load, retry: false });
    const stop = observer.subscribe(() => undefined);
    // Failed, not paused: a paused read has no data and no error, which a list would show as empty.
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['a clip']));
    stop();
    client.unmount();
    onLine.mockRestore();
  });
});
