import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The centred card of a page that is one state and a way on: an e-mail confirmation, a password reset, an SSO
 * sign-in finishing or refused.
 */
export function StatusCard({
  tone,
  title,
  message,
  children,
}: {
  tone: 'loading' | 'success' | 'error';
  title: string;
  message?: string;
  children?: ReactNode;
}) {
  const Icon = tone === 'loading' ? Loader2 : tone === 'success' ? CheckCircle2 : XCircle;
  const color =
    tone === 'success' ? 'text-emerald-600' : tone === 'error' ? 'text-red-600' : 'text-indigo-600 animate-spin';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-lg dark:bg-slate-900">
        <Icon className={`mx-auto h-12 w-12 ${color}`} aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold">{title}</h1>
        {message && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</p>}
        {children && <div className="mt-6 flex flex-col gap-2">{children}</div>}
      </div>
    </main>
  );
}
