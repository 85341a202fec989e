// Dates as a person reads them, in their own language and time zone.
const locale = typeof navigator === 'undefined' ? 'en-GB' : navigator.language || 'en-GB';

// "1958-03-14" → "14/03/1958" (a date has no time zone: it is shown as stored).
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
}

// A stored UTC time in the person's zone, with seconds and AM or PM (spec 2 §9).
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = date.toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true });
  return `${day} ${time}`;
}
