import { defineModule } from '../define-module';
import { createPushContext } from './web-push.context';
import { pushFirstShareView, pushQueuedSend, pushRoomContent, pushSignIn } from './web-push.notifier';
import { pushRoutes } from './web-push.routes';
import { createPushSender } from './web-push.sender';
import { forgetSessionSubscription } from './web-push.service';

/**
 * Web Push (decision 036): a device's subscription and preferences, and the pushes that announce a send
 * waiting for it, a new sign-in, a followed room's new content, or a private share's first view. A push
 * announces; delivery stays the device sends' own, exactly once. Pushes go after the write that caused
 * them, in the background, and a session that ends takes its device's subscription with it.
 */
export const webPushModule = defineModule((ctx) => {
  const push = createPushContext(ctx);
  const sender = createPushSender(push);
  // What a listener is still reading when the app closes is waited for: the database closes after it.
  const reading = new Set<Promise<void>>();
  const inBackground = (work: Promise<void>) => {
    reading.add(work);
    void work.catch(() => {}).finally(() => reading.delete(work));
    return work;
  };
  ctx.events.on('device.send-queued', ({ sendId }) => inBackground(pushQueuedSend(push, sender, sendId)));
  ctx.events.on('device.added', (event) => inBackground(pushSignIn(push, sender, event)));
  ctx.events.on('room.changed', (event) =>
    event.type === 'content_add' || event.type === 'file_uploaded'
      ? inBackground(pushRoomContent(push, sender, event))
      : undefined,
  );
  ctx.events.on('clip.private-link-viewed', (event) => inBackground(pushFirstShareView(push, sender, event)));
  ctx.events.on('session.revoked', ({ sessionId }) => inBackground(forgetSessionSubscription(push, sessionId)));
  return {
    routes: async (api) => {
      // The pair is made (or read) at start: a DATA_DIR that cannot keep it stops the start, not a push.
      await push.vapidKeys;
      api.addHook('onClose', async () => {
        await Promise.allSettled([...reading]);
        await sender.close();
      });
      await api.register(pushRoutes, { ctx: push });
    },
  };
});
