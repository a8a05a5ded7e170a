import type { TokenScope } from '@clipsync/shared';

/** Each scope's words (i18next keys may not hold the scope's own `:`). */
export const SCOPE_LABEL_KEYS: Record<TokenScope, string> = {
  'clips:read': 'tokens.scopes.clipsRead',
  'clips:write': 'tokens.scopes.clipsWrite',
  desktop: 'tokens.scopes.desktop',
  rooms: 'tokens.scopes.rooms',
  admin: 'tokens.scopes.admin',
};
