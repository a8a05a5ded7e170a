import { describe, expect, test } from 'vitest';
import { NO_ADMIN_MESSAGE } from './modules/accounts/admins-at-start';
import { startNotice } from './start-notice';

describe('the start notice', () => {
  test('a fresh server without mail: the address, who becomes the admin, and the outbox', () => {
    const notice = startNotice({ url: 'http://localhost:3000', noAdminNote: NO_ADMIN_MESSAGE, mail: 'outbox' });
    expect(notice).toContain('open http://localhost:3000\n');
    expect(notice).toContain("the first account to confirm its address becomes this server's admin.");
    expect(notice).toContain('Mail is not set up (no SMTP_URL)');
    expect(notice).toContain('http://localhost:3000/api/dev/outbox (from this machine only)');
    // Plain lines for a person, not a JSON log line.
    expect(notice.trim().startsWith('{')).toBe(false);
  });

  test('without an outbox (production, a proxy) the links are in the log, and SMTP_URL is what to set', () => {
    const notice = startNotice({ url: 'https://clips.example.com', noAdminNote: undefined, mail: 'log' });
    expect(notice).toContain('printed in this log only');
    expect(notice).toContain('Set SMTP_URL');
    expect(notice).not.toContain('outbox');
    expect(notice).not.toContain('admin');
  });

  test('with SMTP the mails go to its host, and nothing says mail is missing', () => {
    const notice = startNotice({
      url: 'https://clips.example.com',
      noAdminNote: undefined,
      mail: 'smtp',
      smtpHost: 'mail.example.com:587',
    });
    expect(notice).toContain('sent through mail.example.com:587');
    expect(notice).not.toContain('not set up');
  });
});
