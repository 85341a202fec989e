import { describe, expect, it } from 'vitest';

import { lastUsedWhen, methodWords } from './sessionWords';

// Half past ten in the morning where the test runs, so that the date and time shown are the same
// everywhere.
const now = new Date(2026, 2, 14, 10, 30).getTime();
const before = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('when a session was last used', () => {
  it('is just now within the minute, and also a little ahead of this computer’s clock', () => {
    expect(lastUsedWhen(before(0.5), 'DD/MM/YYYY', now)).toBe('just now');
    expect(lastUsedWhen(before(-0.5), 'DD/MM/YYYY', now)).toBe('just now');
  });

  it('is so many minutes ago within the hour', () => {
    expect(lastUsedWhen(before(1), 'DD/MM/YYYY', now)).toBe('1 minute ago');
    expect(lastUsedWhen(before(5.9), 'DD/MM/YYYY', now)).toBe('5 minutes ago');
    expect(lastUsedWhen(before(59.9), 'DD/MM/YYYY', now)).toBe('59 minutes ago');
  });

  it('is the date and time in the environment’s format from an hour on', () => {
    expect(lastUsedWhen(before(60), 'DD/MM/YYYY', now)).toBe('14/03/2026 09:30:00 AM');
    expect(lastUsedWhen(before(60), 'D MMM YYYY', now)).toBe('14 Mar 2026 09:30:00 AM');
  });
});

describe('how a session was signed in', () => {
  it('is worded for each way the server names', () => {
    expect(['password', 'two-factor code', 'recovery code', 'two-factor set up', 'windows'].map((method) => methodWords(method))).toEqual([
      'a password',
      'a two-step code',
      'a recovery code',
      'two-step setup',
      'Windows credentials',
    ]);
  });

  it('is the name of the cloud directory, as the sign-in page gives it', () => {
    const registrations = [
      { id: 'contoso', name: 'Contoso' },
      { id: 'staff', name: 'Council Staff' },
    ];
    expect(methodWords('azure:contoso', registrations)).toBe('Contoso');
    expect(methodWords('azure:staff', registrations)).toBe('Council Staff');
  });

  it('is a cloud directory when its registration is not known here', () => {
    expect(methodWords('azure:retired', [{ id: 'contoso', name: 'Contoso' }])).toBe('Cloud directory');
    expect(methodWords('azure:contoso')).toBe('Cloud directory');
    expect(methodWords('azure:', [{ id: 'contoso', name: 'Contoso' }])).toBe('Cloud directory');
  });

  it('is the server’s word for a way the web app does not know yet', () => {
    expect(methodWords('passkey')).toBe('passkey');
  });
});
