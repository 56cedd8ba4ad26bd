/**
 * `strftime_now` at a given day, with the directives `@huggingface/jinja` supports (%Y %m %d
 * %b %B %H %M %%), month names in English as Python's C locale writes them. The time of day is
 * midnight for a given date (templates print dates, not times).
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `date` is YYYY-MM-DD, or null for now (local time, as the engine's own strftime_now). */
export function strftime(date: string | null, format: string): string {
  const now = new Date();
  const match = date === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day, hours, minutes] = match
    ? [Number(match[1]), Number(match[2]), Number(match[3]), 0, 0]
    : [now.getFullYear(), now.getMonth() + 1, now.getDate(), now.getHours(), now.getMinutes()];
  const monthName = MONTHS[month - 1] ?? '';
  return format.replace(/%[YmdbBHM%]/g, (token) => {
    switch (token) {
      case '%Y':
        return String(year);
      case '%m':
        return pad2(month);
      case '%d':
        return pad2(day);
      case '%b':
        return monthName.slice(0, 3);
      case '%B':
        return monthName;
      case '%H':
        return pad2(hours);
      case '%M':
        return pad2(minutes);
      default:
        return '%';
    }
  });
}
