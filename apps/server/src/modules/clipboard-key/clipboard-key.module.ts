import { defineModule } from '../define-module';
import { createClipboardKeyContext } from './clipboard-key.context';
import { clipboardKeyRoutes } from './clipboard-key.routes';

/**
 * The end-to-end encrypted clipboard's key (docs/encryption.md#account-keys): the account key's wrapped copies
 * and the hashes of their unlock proofs, handed to the account's devices that prove the passphrase or the
 * recovery key, wrong proofs counted as wrong sign-ins are. What the devices seal with it comes in its own calls.
 */
export const clipboardKeyModule = defineModule((ctx) => {
  const keys = createClipboardKeyContext(ctx);
  return {
    routes: async (api) => {
      await api.register(clipboardKeyRoutes, { ctx: keys });
    },
  };
});
