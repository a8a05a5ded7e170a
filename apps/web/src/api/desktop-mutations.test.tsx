import type { DesktopTarget } from '@clipsync/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeDesktopItem } from '../test/desktop-fixtures';
import {
  useAddDesktopText,
  useDeleteDesktopItem,
  useSaveDesktopLayout,
  useUploadDesktopFile,
} from './desktop-mutations';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A stand-in XMLHttpRequest that records what an upload sends and answers 201 with `answer`. */
function fakeUploadRequest(answer: unknown) {
  const sent: { method?: string; url?: string; body?: unknown; headers: Record<string, string> } = { headers: {} };
  class FakeXhr {
    status = 201;
    responseText = JSON.stringify(answer);
    withCredentials = false;
    upload: { onprogress?: unknown } = {};
    onload?: () => void;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
      sent.headers = {};
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json';
    }
    send(body: unknown) {
      sent.body = body;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** The desktop's change hooks on `target`, as a page holds them. */
function desktopChanges(target: DesktopTarget) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({
      addText: useAddDesktopText(target),
      uploadFile: useUploadDesktopFile(target),
      saveLayout: useSaveDesktopLayout(target),
      deleteItem: useDeleteDesktopItem(target),
    }),
    { wrapper },
  );
  return result.current;
}

describe('desktop changes', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('the shared page names its desktop by the share token (its desktopId)', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(201, makeDesktopItem()));
    vi.stubGlobal('fetch', fetchMock);
    await desktopChanges({ desktopId: 'tok/1' }).addText.mutateAsync({ content: 'hi', position: { x: 10, y: 20 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/virtual-desktop/items/text');
    expect(JSON.parse(init.body as string)).toEqual({ content: 'hi', position: { x: 10, y: 20 }, desktopId: 'tok/1' });

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await desktopChanges({ desktopId: 'tok/1' }).deleteItem.mutateAsync({ itemId: 'item-1' });
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/virtual-desktop/items/item-1?desktopId=tok%2F1');
    await desktopChanges({}).deleteItem.mutateAsync({ itemId: 'item-1' });
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/virtual-desktop/items/item-1');
  });

  test('a layout save is one PATCH of every moved block', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, [makeDesktopItem()]));
    vi.stubGlobal('fetch', fetchMock);
    const entries = [{ id: 'item-1', position: { x: 10, y: 0 }, size: { width: 200, height: 150 } }];
    await desktopChanges({}).saveLayout.mutateAsync(entries);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/virtual-desktop/items', 'PATCH']);
    expect(JSON.parse(init.body as string)).toEqual({ items: entries });
  });

  test('an upload PUTs the file as the body, desktopId, x and y in the query, the name in a header', async () => {
    const sent = fakeUploadRequest(makeDesktopItem({ type: 'file' }));
    const file = new File(['hello'], 'заметки 1.txt', { type: 'text/plain' });
    await desktopChanges({ desktopId: 'tok/1' }).uploadFile.mutateAsync({ file, position: { x: 210, y: 0 } });
    expect([sent.method, sent.url]).toEqual(['PUT', '/api/virtual-desktop/items/file?desktopId=tok%2F1&x=210&y=0']);
    expect(sent.body).toBe(file);
    expect(sent.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent('заметки 1.txt'),
      'x-file-type': 'text/plain',
    });

    await desktopChanges({}).uploadFile.mutateAsync({ file: new File(['x'], 'x.bin') });
    expect(sent.url).toBe('/api/virtual-desktop/items/file');
    expect(sent.headers['x-file-type']).toBeUndefined();
  });
});
