import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../ui/use-toast';
import { useAuth } from './auth-context';

/** Logout: the server is told, the session cleared, then /auth; a failure says so in a toast. */
export function useLogOut() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
      toast.success({ title: t('auth.loggedOut') });
      void navigate('/auth');
    } catch {
      toast.error({ title: t('auth.logoutFailed'), description: t('auth.logoutFailedBody') });
    }
  };
}
