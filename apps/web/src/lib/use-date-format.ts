import { useTranslation } from 'react-i18next';
import { formatDate, type DateStyle } from './date-format';

/** `formatDate` in the language the app is shown in; a page re-renders with the new one when it changes. */
export function useDateFormat(): (value: string | Date, style?: DateStyle) => string {
  const { i18n } = useTranslation();
  return (value, style = 'date') => formatDate(value, style, i18n.language);
}
