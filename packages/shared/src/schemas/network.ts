import { z } from 'zod';

/**
 * `GET /api/network/share-origins`: the addresses other devices on the network can open this server at
 * (`http://192.168.1.20:3000`), best first. Empty unless the caller is on the server's own machine and
 * PUBLIC_URL is unset: only then would a share link name `localhost`, which leads a phone nowhere.
 */
export const ShareOriginsResponse = z.object({ origins: z.array(z.string()) });
export type ShareOriginsResponse = z.infer<typeof ShareOriginsResponse>;
