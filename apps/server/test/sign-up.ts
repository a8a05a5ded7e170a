import { expect } from 'vitest';
import type { TestApp } from './build-test-app';

export const SIGN_UP_PASSWORD = 'a-long-enough-password';

/** A sign-up as the web's form sends it; proves nothing until the address's owner confirms (decision 039). */
export const signUp = (app: TestApp, email: string, password = SIGN_UP_PASSWORD) =>
  app.as(null).post('/api/auth/register', { name: 'Ada', email, password });

/** The link the dev outbox holds for the address (no SMTP_URL), used as its owner does: signing in beside it. */
export async function confirm(app: TestApp, email: string, password = SIGN_UP_PASSWORD) {
  let link = '';
  // The mail leaves off the request path: it is in the outbox a moment after the answer.
  await expect
    .poll(async () => {
      const { mails } = (await app.as(null).get('/api/dev/outbox')).json() as {
        mails: { to: string; links: string[] }[];
      };
      link = mails.findLast((mail) => mail.to === email)?.links[0] ?? '';
      return link;
    })
    .not.toBe('');
  const confirmation = new URL(link).searchParams.get('token');
  return app.as(null).post('/api/auth/login', { email, password, confirmation });
}
