import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../ui/Dialog';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The `?` list of every shortcut the app answers. */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation();
  const command = IS_MAC ? '⌘' : 'Ctrl';
  const option = IS_MAC ? '⌥' : 'Alt';
  const arrows = '←↑→↓';
  const rows: ReadonlyArray<{ keys: string[]; label: string }> = [
    { keys: [`${command}+Enter`, `${command}+S`], label: t('shortcuts.save') },
    { keys: ['/'], label: t('shortcuts.search') },
    { keys: ['N'], label: t('shortcuts.newClip') },
    // A focused block of the Virtual Desktop (DesktopGrid's keyboard hint says the same).
    { keys: [arrows], label: t('desktop.shortcutMove') },
    { keys: [`Shift+${arrows}`], label: t('desktop.shortcutMoveFar') },
    { keys: [`${option}+${arrows}`], label: t('desktop.shortcutResize') },
    { keys: ['?'], label: t('shortcuts.help') },
  ];
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('shortcuts.title')}
        description={t('shortcuts.description')}
        closeLabel={t('common.close')}
      >
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map(({ keys, label }) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2 text-sm">
              <dt>{label}</dt>
              <dd className="flex items-center gap-1 text-slate-600 dark:text-slate-300">
                {keys.map((key, index) => (
                  <span key={key} className="flex items-center gap-1">
                    {index > 0 && <span>{t('shortcuts.or')}</span>}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-700 dark:bg-slate-800">
                      {key}
                    </kbd>
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
