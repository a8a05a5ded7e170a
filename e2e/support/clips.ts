import { expect, type APIRequestContext } from '@playwright/test';

/** Creates clips through the API as their owner, oldest first, and returns their ids in that order. */
export async function createClips(request: APIRequestContext, accessToken: string, contents: readonly string[]) {
  const ids: string[] = [];
  for (const content of contents) {
    const response = await request.post('/api/clipboard', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { content },
    });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

export async function attachFile(
  request: APIRequestContext,
  accessToken: string,
  clipId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const response = await request.post(`/api/clipboard/${clipId}/files`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { file },
  });
  expect(response.status()).toBe(201);
}
