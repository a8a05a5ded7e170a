import type { ReactNode } from 'react';
import { NewClipLink } from './NewClipLink';

/** A signed-in page's title bar with the New Clip action (Dashboard, Favorites). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="flex items-center gap-2">
        {children}
        <NewClipLink />
      </div>
    </header>
  );
}
