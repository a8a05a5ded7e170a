import { CLIPBOARD_KEY_ENDPOINTS, type ClipboardKeyStatus } from '@clipsync/shared';
import type { FakeApi } from './fake-api';

/** An account whose clipboard is not encrypted end to end, as its status answers. */
export const CLIPBOARD_KEY_OFF: ClipboardKeyStatus = {
  enabled: false,
  keyId: null,
  passphraseSalt: null,
  plainClips: 0,
  sealedClips: 0,
};

/** The signed-in account's clipboard is in clear: what a page making or listing clips asks first. */
export const answerClipboardKeyOff = (api: FakeApi) =>
  api.on(CLIPBOARD_KEY_ENDPOINTS.status).mockResolvedValue(CLIPBOARD_KEY_OFF);
