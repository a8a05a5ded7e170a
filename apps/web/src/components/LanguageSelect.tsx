import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../i18n';
import { oneOf } from '../lib/one-of';
import { Select } from '../ui/Select';

const CODES = LANGUAGES.map(({ code }) => code);
const OPTIONS = LANGUAGES.map(({ code, label }) => ({ value: code, label }));

/** The language switch of the footer and the account menu: each language named in itself. */
export function LanguageSelect({ label, className }: { label: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <Select
      label={label}
      value={oneOf(CODES, i18n.resolvedLanguage ?? null) ?? 'en'}
      onValueChange={(code) => void changeLanguage(code)}
      options={OPTIONS}
      className={className}
    />
  );
}
