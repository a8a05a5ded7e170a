import type { ReactNode } from 'react';

/** The column the clip screens sit in, inside the frame the router gives them (signed-in shell or visitor header). */
export function ClipPageLayout({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">{children}</div>;
}

/** The white card the editor sits on. */
export function ClipPanel({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      {children}
    </div>
  );
}
