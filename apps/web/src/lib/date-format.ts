/**
 * The one way the app writes a moment: in the reader's language, in one of a few named styles, so a date reads
 * the same on every page ('Nov 27, 2026', never '11/27/2026' beside it). Pure and free of i18next, so the
 * service worker's notifications use it too; pages use `useDateFormat`, which passes i18next's language.
 */
export type DateStyle = 'date' | 'dateTime';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** 'Nov 27, 2026' — a day: an expiry, a plan's end, an old clip. */
  date: { dateStyle: 'medium' },
  /** 'Nov 27, 2026, 3:49 AM' — a moment: a log entry, a report, the exact time behind '5m ago'. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

/** Building a formatter is costly next to using one, and a long list writes many dates in the same style. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${language}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `value` (an ISO string or a Date) in `style`, in `language`; a value that is no date is shown as it came. */
export function formatDate(value: string | Date, style: DateStyle, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatterFor(language, style).format(date);
}
