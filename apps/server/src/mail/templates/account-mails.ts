import type { Mail } from '../mailer';

const PRODUCT = 'ClipSync';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function compose(to: string, subject: string, lines: string[], action?: { label: string; url: string }): Mail {
  const text = [...lines, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', `— ${PRODUCT}`].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><h2>${PRODUCT}</h2>${paragraphs}${button}</body></html>`;
  return { to, subject, text, html, links: action ? [action.url] : [] };
}

export function confirmationMail(to: string, name: string, url: string): Mail {
  return compose(
    to,
    `Confirm your ${PRODUCT} account`,
    [
      `Hi ${name},`,
      `Welcome to ${PRODUCT}! Confirm your email address to finish creating your account.`,
      // Anyone can sign up any address: the link confirms only beside the password its owner chose (decision 039).
      'The link opens the sign-in page: sign in with the password you chose when you signed up.',
      'If you did not sign up, ignore this mail: no one can use the account without this link.',
      'This link expires in 24 hours.',
    ],
    { label: 'Confirm my email', url },
  );
}

/** Sent instead of a confirmation when someone registers with an address that already has an account. */
export function alreadyRegisteredMail(to: string, loginUrl: string): Mail {
  return compose(
    to,
    `Someone tried to sign up to ${PRODUCT} with your email`,
    [
      'Someone (maybe you) tried to create an account with this email address, which already has one.',
      'If it was you, just log in. If you forgot your password, use "Forgot password" on the login page.',
      'If it was not you, you can ignore this email: nothing has changed.',
    ],
    { label: 'Log in', url: loginUrl },
  );
}

export function passwordResetMail(to: string, url: string): Mail {
  return compose(
    to,
    `Reset your ${PRODUCT} password`,
    [
      'We received a request to reset your password.',
      'This link expires in 1 hour and can be used once. If you did not ask for it, ignore this email.',
    ],
    { label: 'Reset my password', url },
  );
}

/** An admin made an account for this address: its link sets the first password (and proves the address). */
export function accountCreatedMail(to: string, name: string, url: string, days: number): Mail {
  return compose(
    to,
    `An account was created for you on ${PRODUCT}`,
    [
      `Hi ${name},`,
      `An admin of this ${PRODUCT} server created an account for you with this email address.`,
      `Choose your password to start using it. The link works once and expires in ${days} days.`,
      'If you did not expect this, you can ignore this email: the account cannot be used without the password.',
    ],
    { label: 'Set my password', url },
  );
}
