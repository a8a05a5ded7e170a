import { GripHorizontal, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import type { BlockFocusProps } from './use-block-keyboard';

/** The class the grid drags a block by: only its title bar, so its buttons and text work on touch too. */
export const BLOCK_HANDLE_CLASS = 'desktop-block-handle';

interface DesktopBlockProps {
  /** What the block holds (its text's start, its file's name): the block's accessible name. */
  label: string;
  /** The title bar's words: what kind of block it is. */
  title: string;
  icon: LucideIcon;
  canMove: boolean;
  actions: ReactNode;
  children: ReactNode;
  /** Present when the block moves: it takes focus and answers the arrow keys. */
  focusProps?: BlockFocusProps;
}

/** One block of the desktop: a title bar to drag it by, its content, and its buttons. */
export function DesktopBlock({ label, title, icon: Icon, canMove, actions, children, focusProps }: DesktopBlockProps) {
  const { t } = useTranslation();
  return (
    <article
      aria-label={label}
      {...focusProps}
      className="flex h-full w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-800 dark:bg-slate-900"
    >
      <header
        title={canMove ? t('desktop.dragHint') : undefined}
        className={cn(
          'flex items-center gap-2 border-b border-slate-100 px-2 py-1 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400',
          // touch-none: a finger on the bar drags the block instead of scrolling the page.
          canMove && `${BLOCK_HANDLE_CLASS} cursor-move touch-none select-none`,
        )}
      >
        <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">{title}</span>
        {canMove && <GripHorizontal className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
      </header>
      <div className="min-h-0 flex-1 overflow-auto p-2">{children}</div>
      <footer className="flex shrink-0 items-center justify-end gap-1 border-t border-slate-100 px-1 py-0.5 dark:border-slate-800">
        {actions}
      </footer>
    </article>
  );
}

interface BlockButtonProps {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  isDestructive?: boolean;
  /** Shown beside the icon (the download's state); otherwise the label is the button's name only. */
  text?: string;
}

export function BlockButton({ label, icon: Icon, onClick, disabled, isDestructive = false, text }: BlockButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={text ? undefined : label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn('h-7 px-2', isDestructive && 'text-red-600 dark:text-red-400')}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {text && <span className="text-xs">{text}</span>}
    </Button>
  );
}
