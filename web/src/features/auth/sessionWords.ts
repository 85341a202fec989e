import type { EnvironmentSettings } from '../../lib/api/types';
import { formatDateTime } from '../../lib/format';
import { sessionsTexts as texts } from './sessionsTexts';

const minute = 60_000;
const hour = 60 * minute;

// When a session was last used, as a person takes it in at a glance: "just now", "5 minutes ago",
// and from an hour on the date and time in the environment's format. A time a little ahead of
// this computer's clock (the server's may differ) is just now too.
export function lastUsedWhen(value: string, format: string, now: number): string {
  const used = new Date(value).getTime();
  if (Number.isNaN(used)) return value;
  const since = now - used;
  if (since < minute) return texts.justNow;
  if (since < hour) return texts.minutesAgo(Math.floor(since / minute));
  return formatDateTime(value, format);
}

type AzureRegistrations = EnvironmentSettings['webClientAzureAppRegistrations'];

const directoryPrefix = 'azure:';

// How it was signed in, in the person's words; a way the web app does not know yet, as the
// server says it. A cloud directory's ("azure:<registration id>") is the name the sign-in page
// gives it, or the kind of sign-in when the environment no longer offers that registration.
export function methodWords(method: string, registrations: AzureRegistrations = []): string {
  if (method.startsWith(directoryPrefix)) {
    const id = method.slice(directoryPrefix.length);
    return registrations.find((registration) => registration.id === id)?.name || texts.cloudDirectory;
  }
  return texts.methods[method] ?? method;
}
