const pad = (number: number, width = 2) => String(number).padStart(width, '0');

// The day a stored UTC time fell on where the person is, as an ISO date for lib/format's
// formatDate: "2026-03-14T23:30:00.000Z" is 2026-03-15 an hour east of Greenwich. Null when it is
// no time.
export function localDayOf(value: string): string | null {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return null;
  return `${pad(time.getFullYear(), 4)}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}
