import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../../session/auth-context';

/**
 * Inside the signed-in guard: an admin goes on to the console; anyone else gets `notFound` (the app's
 * not-found page), which says no more about the console than about any path that does not exist. The
 * server refuses them too.
 */
export function AdminGuard({ notFound }: { notFound: ReactElement }) {
  const { user } = useAuth();
  return user?.role === 'admin' ? <Outlet /> : notFound;
}
