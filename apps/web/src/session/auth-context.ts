import type { LoginRequest, PublicUser } from '@clipsync/shared';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: PublicUser | null;
  login(credentials: LoginRequest): Promise<void>;
  logout(): Promise<void>;
  /** Asks the server whether the session is still valid; forces logout when it is not. */
  checkSession(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within the AuthProvider');
  return value;
}
