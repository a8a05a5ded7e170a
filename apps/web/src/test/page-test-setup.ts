import type { PublicUser } from '@clipsync/shared';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { AuthContextValue } from '../session/auth-context';
import { toastStore } from '../ui/toast-store';

/**
 * What every page test needs: jsdom has no media queries (the header's theme toggle asks for one), and
 * each test starts without the previous one's mock calls or toasts. Call it inside the `describe`.
 */
export function setUpPageTests(): void {
  beforeAll(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => {
    vi.clearAllMocks();
    toastStore.getToasts().forEach((toast) => toastStore.dismiss(toast.id));
  });
}

/** The session as the provider would give it: signed in as `user`, or signed out (or still loading). */
export function fakeSession(
  user: PublicUser | null,
  status: AuthContextValue['status'] = user ? 'signedIn' : 'signedOut',
) {
  const session: AuthContextValue = { status, user, login: vi.fn(), logout: vi.fn(), checkSession: vi.fn() };
  return session;
}

/** Radix Select asks for pointer capture and scrolling, which jsdom lacks: call inside the `describe` of a page with one. */
export function supportRadixSelect(): void {
  const prototype = Element.prototype as Partial<Element>;
  beforeAll(() => {
    prototype.hasPointerCapture = () => false;
    prototype.releasePointerCapture = () => undefined;
    prototype.scrollIntoView = () => undefined;
  });
  afterAll(() => {
    delete prototype.hasPointerCapture;
    delete prototype.releasePointerCapture;
    delete prototype.scrollIntoView;
  });
}
