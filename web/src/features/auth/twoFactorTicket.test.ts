import { describe, expect, it } from 'vitest';

import { ticketOf, twoFactorState } from './twoFactorTicket';

describe('the ticket a two-factor page was opened with', () => {
  it('is the one the password step put in the navigation’s state', () => {
    expect(ticketOf(twoFactorState('t-1'))).toBe('t-1');
    expect(ticketOf({ ticket: 't-2', other: true })).toBe('t-2');
  });

  it('is missing when the page was opened without one, or with something else', () => {
    for (const state of [null, undefined, 't-1', {}, { ticket: '' }, { ticket: 42 }, { ticket: null }]) {
      expect(ticketOf(state)).toBeNull();
    }
  });
});
