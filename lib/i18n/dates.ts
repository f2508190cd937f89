/**
 * Dates and times as the DJ's language writes them ("3. Mai 2026", "14:02"), through Intl in the
 * extension's language (intl.ts), never a fixed 'en-US'.
 */
import { uiLocale } from './intl.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(date: Date | number | string, options: Intl.DateTimeFormatOptions): string {
  const locale = uiLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format.format(typeof date === 'string' ? new Date(date) : date);
}

/** "May 3, 2026" / "3. Mai 2026": a purchase, a release, a publication. */
export const dayOptions: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** "10:32 AM" / "10:32". */
export const timeOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
