import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';
import type { EditorCaret } from './focus-editor-state';

interface ClipContentFieldProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** Shown beside the label: 'Unsaved changes', 'View only - Owner can edit'. */
  badge?: ReactNode;
  /** Put the cursor in the text box on arrival: a new clip, or the clip just saved from one. */
  autoFocus?: boolean;
  /** With `autoFocus`: where the caret goes (it was there on the page just left); else after the text. */
  caret?: EditorCaret;
}

/** The large text area of a clip, labelled for assistive technology. */
export function ClipContentField({
  value,
  onChange,
  readOnly = false,
  badge,
  autoFocus = false,
  caret,
}: ClipContentFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // A focused text box put in place starts with its caret before the text; the words typed next belong
  // where the person was typing. Only on arrival: later renders leave the caret to the person.
  const arrivalCaret = useRef(autoFocus ? caret : undefined);
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field || !autoFocus) return;
    const { start, end } = arrivalCaret.current ?? { start: field.value.length, end: field.value.length };
    field.setSelectionRange(Math.min(start, field.value.length), Math.min(end, field.value.length));
    // Only on mount: the focus and caret asked for on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div>
      <div className="mb-2 flex min-h-6 flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('editor.content')}
        </label>
        {badge}
      </div>
      <textarea
        id={id}
        ref={fieldRef}
        value={value}
        readOnly={readOnly}
        autoFocus={autoFocus}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={readOnly ? undefined : t('editor.placeholder')}
        spellCheck={!readOnly}
        className={cn(
          'block min-h-72 w-full resize-y rounded-lg border border-slate-300 p-3 font-mono text-sm leading-relaxed sm:min-h-96',
          'text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:text-slate-100 dark:placeholder:text-slate-400',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500',
          readOnly ? 'bg-slate-50 dark:bg-slate-950' : 'bg-white dark:bg-slate-900',
        )}
      />
    </div>
  );
}

/** A small pill beside the content label. */
export function ClipBadge({ tone, children }: { tone: 'warning' | 'neutral'; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        tone === 'warning'
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      )}
    >
      {children}
    </span>
  );
}
