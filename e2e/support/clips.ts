import type { APIRequestContext } from '@playwright/test';
import { CLIP_ENDPOINTS, type Clip } from '@clipsync/shared';
import { createJourneyApi, type JourneyFile } from './api';

/** Creates clips through the API as their owner, oldest first, and returns their ids in that order. */
export async function createClips(request: APIRequestContext, accessToken: string, contents: readonly string[]) {
  const api = createJourneyApi(request, { token: accessToken });
  const ids: string[] = [];
  for (const content of contents) {
    ids.push((await api.call(CLIP_ENDPOINTS.create, { body: { content } })).id);
  }
  return ids;
}

/** The clip as its owner reads it: the whole clip, never the card a limited or password link shows others. */
export async function readOwnedClip(request: APIRequestContext, accessToken: string, clipId: string): Promise<Clip> {
  const api = createJourneyApi(request, { token: accessToken });
  const clip = await api.call(CLIP_ENDPOINTS.get, { params: { id: clipId } });
  if ('protected' in clip) throw new Error(`Clip ${clipId} was answered as a link's card, not to its owner`);
  return clip;
}

export async function attachFile(request: APIRequestContext, accessToken: string, clipId: string, file: JourneyFile) {
  await createJourneyApi(request, { token: accessToken }).upload(
    CLIP_ENDPOINTS.uploadFile,
    { params: { id: clipId } },
    file,
  );
}
