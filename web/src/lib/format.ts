import { createStore, useStore } from './store';

// Dates and times as the environment shows them (environment settings' dateFormat, spec 2 §9):
// dates in its pattern of D, DD, M, MM, MMM and YYYY; date-times with " hh:mm:ss AM" in the
// person's own time zone. The app sets the pattern once the settings have loaded.
export const dateFormatStore = createStore('DD/MM/YYYY');

export function useDateFormat(): string {
  return useStore(dateFormatStore);
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (number: number, width = 2) => String(number).padStart(width, '0');
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

// The pattern with a date's parts in it: 14, 3, 1958 → "14/03/1958".
function fill(format: string, year: number, month: number, day: number): string {
  return format.replace(/YYYY|MMM|MM|M|DD|D/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(year, 4);
      case 'MMM':
        return months[month - 1] ?? '';
      case 'MM':
        return pad(month);
      case 'M':
        return String(month);
      case 'DD':
        return pad(day);
      default:
        return String(day);
    }
  });
}

// "1958-03-14" → "14/03/1958" (a date has no time zone: it is shown as stored). Anything else is
// shown as it is.
export function formatDate(value: string, format = dateFormatStore.get()): string {
  const match = isoDate.exec(value);
  return match ? fill(format, Number(match[1]), Number(match[2]), Number(match[3])) : value;
}

// "hh:mm:ss AM": times after 11 o'clock are PM (spec 2 §9).
export function formatTime(date: Date, seconds = true): string {
  const hours = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  return `${pad(hours)}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

// A stored UTC time in the person's zone: "14/03/2026 09:30:00 AM".
export function formatDateTime(value: string, format = dateFormatStore.get()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${fill(format, date.getFullYear(), date.getMonth() + 1, date.getDate())} ${formatTime(date)}`;
}

// A value that is a stored date or date-time, shown as such; other text as it is.
export function formatValue(value: string, format = dateFormatStore.get()): string {
  if (isoDate.test(value)) return formatDate(value, format);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return formatDateTime(value, format);
  return value;
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// What a person typed, read in the pattern ("14/3/1958", "14 Mar 1958", any separators), or as
// ISO; "1958-03-14", or null when it is not a date.
export function parseDate(text: string, format = dateFormatStore.get()): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  const iso = isoDate.exec(typed);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? typed : null;
  const order = (format.match(/YYYY|MMM|MM|M|DD|D/g) ?? []).map((token) => token[0]);
  const parts = typed.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (parts.length !== order.length) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  for (const [index, part] of parts.entries()) {
    const kind = order[index];
    if (kind === 'M' && /^[A-Za-z]+$/.test(part)) {
      month = months.findIndex((name) => name.toLowerCase() === part.slice(0, 3).toLowerCase()) + 1;
    } else if (/^\d+$/.test(part)) {
      const number = Number(part);
      if (kind === 'Y') year = part.length === 4 ? number : 0;
      else if (kind === 'M') month = number;
      else day = number;
    } else {
      return null;
    }
  }
  return validDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

// "9:30 pm", "09:30 AM", "21:30" → hours and minutes, or null.
export function parseTime(text: string): { hours: number; minutes: number } | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])?\s*$/.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toUpperCase();
  if (minutes > 59 || (half ? hours < 1 || hours > 12 : hours > 23)) return null;
  if (half === 'AM' && hours === 12) hours = 0;
  if (half === 'PM' && hours !== 12) hours += 12;
  return { hours, minutes };
}
