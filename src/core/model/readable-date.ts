// A source's date as a reader writes it. Providers send ISO 8601 ("2024-06-10", sometimes with a time); we show the
// calendar day in UTC, so the day does not shift with the reader's time zone. Anything else is shown as given.

const formats = new Map<string, Intl.DateTimeFormat>();

/** `locale`: how the UI language writes a date (`common.dateLocale` in the catalogs); "10 Jun 2024" by default. */
export function readableDate(date: string, locale = 'en-GB'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(date.trim());
  if (!m) return date;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC rolls 2024-02-31 over to March: such a date is not a real one, so it is shown as given.
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return date;
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })));
  return format.format(day);
}
