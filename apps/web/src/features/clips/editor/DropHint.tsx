import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';

/** Says that files can be dropped or pasted anywhere on the page; lights up while files are dragged over. */
export function DropHint({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      className={cn(
        'mt-3 flex items-center justify-center gap-2 rounded-lg border-2 border-dashed px-3 py-3 text-center text-sm transition-colors',
        isActive
          ? 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200'
          : 'border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300',
      )}
    >
      <FileUp className="h-4 w-4 shrink-0" aria-hidden="true" />
      {/* A touch screen can neither drop files nor press Ctrl+V: it is told what a tap does instead. */}
      <span className="pointer-coarse:hidden">{t('editor.dropHint')}</span>
      <span className="hidden pointer-coarse:inline">{t('shell.dropHintTouch')}</span>
    </p>
  );
}
