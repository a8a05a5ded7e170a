/** E-mail confirmation: what the landing URL says before any call is made. */
export type ConfirmationStart =
  | { kind: 'expired' }
  | { kind: 'error'; description: string | null }
  | { kind: 'check'; token: string }
  | { kind: 'missing' };

export function readConfirmationUrl(search: URLSearchParams): ConfirmationStart {
  const error = search.get('error');
  if (error) {
    const description = search.get('error_description');
    if (error === 'access_denied' && description && /expire/i.test(description)) return { kind: 'expired' };
    return { kind: 'error', description };
  }
  const token = search.get('token');
  return token ? { kind: 'check', token } : { kind: 'missing' };
}
