import { useLocation } from 'react-router';

// The ticket from the password step travels in the navigation's state, never in the address or
// in storage: an address is shared, bookmarked and written to logs, and storage is read by every
// tab of the site. Only this tab's history holds it, until the sign-in replaces the page.
export interface TwoFactorState {
  ticket: string;
}

export function twoFactorState(ticket: string): TwoFactorState {
  return { ticket };
}

export function ticketOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('ticket' in state)) return null;
  const { ticket } = state;
  return typeof ticket === 'string' && ticket !== '' ? ticket : null;
}

// The ticket this page was opened with; null when it was opened any other way (typed in, a
// bookmark, a link), which the page treats as a sign-in that has ended.
export function useTwoFactorTicket(): string | null {
  return ticketOf(useLocation().state);
}
