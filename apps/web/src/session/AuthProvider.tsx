import type { LoginRequest, PublicUser } from '@clipsync/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { isSessionExpired, SESSION_EXPIRED_EVENT, sessionStore, type SessionEndDetail } from '../api/session-store';
import { unlockedKeyStore } from '../lib/clipboard-key/unlocked-key-store';
import { useToast } from '../ui/use-toast';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';

/** How often a signed-in session is re-checked with the server. */
const SESSION_RECHECK_MS = 5 * 60 * 1000;
/** The redirect after login waits this long, so the welcome toast is seen. */
const LOGIN_REDIRECT_DELAY_MS = 1000;

// The session calls load with the first of them (api/session-calls.ts says why).
const loadSessionCalls = async () => (await import('../api/session-calls')).sessionCalls;
// A client that cannot be loaded (offline, an old tab after a deploy) is a failed refresh, not a hang.
const refreshSession = (): Promise<{ isRenewed: boolean; code?: string }> =>
  import('../api/client').then(
    (api) => api.refreshSession(),
    () => ({ isRenewed: false }),
  );

/**
 * Authentication: starts loading, then signed in or out; an expired stored session is refreshed
 * silently; validity is re-checked every 5 minutes, when the tab becomes visible and on
 * `auth:session-expired`; a dead session ends in a forced logout with the 'Session Expired' toast.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<PublicUser | null>(null);
  // The forced-logout handler needs the status of the moment it runs, not of the render that made it.
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);

  const queryClient = useQueryClient();

  // Cached lists and clips belong to the user who fetched them, and an unlocked clipboard key to its account
  // (remembered on the device or not): the next one on this tab starts clean.
  const signOut = useCallback(() => {
    sessionStore.clear();
    queryClient.clear();
    void unlockedKeyStore.forgetAll();
    setUser(null);
    setStatus('signedOut');
  }, [queryClient]);

  // An account an admin disabled is told as such; any other end of the session is 'Session Expired'.
  const tellSessionEnded = useCallback(
    (code?: string) =>
      toast.error(
        code === 'ACCOUNT_DISABLED'
          ? { title: t('auth.accountDisabled'), description: t('auth.accountDisabledBody') }
          : { title: t('auth.sessionExpired'), description: t('auth.sessionExpiredBody') },
      ),
    [t, toast],
  );

  const forceLogout = useCallback(
    (code?: string) => {
      const wasSignedIn = statusRef.current === 'signedIn';
      signOut();
      if (wasSignedIn) tellSessionEnded(code);
    },
    [signOut, tellSessionEnded],
  );

  const checkSession = useCallback(async () => {
    if (!sessionStore.getSession()) return forceLogout();
    try {
      const { user: current } = await (await loadSessionCalls()).me();
      const session = sessionStore.getSession();
      // A logout may have ended the session while the check was in flight.
      if (!session) return;
      sessionStore.save(current, session);
      setUser(current);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) forceLogout(error.code);
    }
  }, [forceLogout]);

  const tellSessionExpired = useEffectEvent((code?: string) => tellSessionEnded(code));

  useEffect(() => {
    const start = async () => {
      const storedUser = sessionStore.getUser();
      const session = sessionStore.getSession();
      if (!storedUser || !session) return signOut();
      const refresh = isSessionExpired(session) ? await refreshSession() : { isRenewed: true };
      if (!refresh.isRenewed) {
        // A failed refresh at start is a forced logout, so the person is told why.
        signOut();
        return tellSessionExpired(refresh.code);
      }
      setUser(storedUser);
      setStatus('signedIn');
    };
    void start();
  }, [signOut]);

  useEffect(() => {
    if (status !== 'signedIn') return;
    const timer = window.setInterval(() => void checkSession(), SESSION_RECHECK_MS);
    const onVisible = () => document.visibilityState === 'visible' && void checkSession();
    const onExpired = (event: Event) => forceLogout((event as CustomEvent<SessionEndDetail | null>).detail?.code);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
    };
  }, [status, checkSession, forceLogout]);

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const { user: signedIn, session, firstSignIn } = await (await loadSessionCalls()).login(credentials);
      if (!session) throw new Error('No session data received');
      sessionStore.save(signedIn, session);
      // SPEC's 'Welcome back!' greets every later sign-in; an account's very first is greeted anew.
      toast.success(
        firstSignIn
          ? { title: t('firstRun.welcome'), description: t('firstRun.welcomeBody'), duration: 3000 }
          : { title: t('auth.welcomeBack'), description: t('auth.welcomeBackBody'), duration: 3000 },
      );
      // The redirect (done by the public guard once signed in) follows 1 s after login.
      await new Promise((resolve) => setTimeout(resolve, LOGIN_REDIRECT_DELAY_MS));
      setUser(signedIn);
      setStatus('signedIn');
    },
    [t, toast],
  );

  const logout = useCallback(async () => {
    await (await loadSessionCalls()).logout();
    signOut();
  }, [signOut]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, logout, checkSession }),
    [status, user, login, logout, checkSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
