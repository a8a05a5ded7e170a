import { Loader2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred card of the SSO pages: the sign-in finishing, or why it was refused. */
export function SsoCard({ tone, title, children }: { tone: 'loading' | 'error'; title: string; children?: ReactNode }) {
  const Icon = tone === 'loading' ? Loader2 : XCircle;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-lg dark:bg-slate-900">
        <Icon
          className={`mx-auto h-12 w-12 ${tone === 'loading' ? 'animate-spin text-indigo-600' : 'text-red-600'}`}
          aria-hidden="true"
        />
        <h1 className="mt-4 text-xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}
