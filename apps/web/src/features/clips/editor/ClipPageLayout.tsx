import type { HTMLAttributes, ReactNode } from 'react';

interface ClipPageLayoutProps extends HTMLAttributes<HTMLDivElement> {
  children: ReactNode;
}

/**
 * The column the clip screens sit in, inside the frame the router gives them (signed-in shell or visitor
 * header). The root spans the whole content area so that a file dropped beside the column lands too.
 */
export function ClipPageLayout({ children, ...rootProps }: ClipPageLayoutProps) {
  return (
    <div className="min-h-screen" {...rootProps}>
      <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">{children}</div>
    </div>
  );
}

/** The white card the editor sits on. */
export function ClipPanel({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      {children}
    </div>
  );
}
