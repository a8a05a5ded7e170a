import { z } from 'zod';

/** The dev outbox: the mails a server without SMTP would have sent, with the links they carry. */
export const DevOutboxResponse = z.object({
  mails: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), links: z.array(z.string()), sentAt: z.string() }),
  ),
});
export type DevOutboxResponse = z.infer<typeof DevOutboxResponse>;
