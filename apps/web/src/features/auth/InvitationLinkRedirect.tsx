import { Navigate, useSearchParams } from 'react-router';

/**
 * `/register?invitation=…`, the link an admin's invitation mails: the auth screen's sign-up view with the
 * invitation, which the form looks up (the path is the mail's, so it stays short and readable).
 */
export default function InvitationLinkRedirect() {
  const [params] = useSearchParams();
  const invitation = params.get('invitation');
  const target = new URLSearchParams({ mode: 'register', ...(invitation ? { invitation } : {}) });
  return <Navigate to={`/auth?${target.toString()}`} replace />;
}
