import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { useTheme, type ThemeChoice } from './use-theme';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** Cycles system → light → dark; the label names the current choice. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const Icon = ICONS[theme];
  const label = `${t('theme.label')}: ${t(`theme.${theme}`)}`;
  return (
    <Button variant="ghost" size="sm" aria-label={label} title={label} onClick={() => setTheme(NEXT[theme])}>
      <Icon className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}
