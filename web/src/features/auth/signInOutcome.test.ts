import { describe, expect, it } from 'vitest';

import { failureText, outcomeOf } from './signInOutcome';
import { texts } from './texts';

describe('what a sign-in answer leads to', () => {
  it('signs in when next is login and a token is given', () => {
    expect(outcomeOf({ next: 'login', token: 'abc' })).toEqual({ kind: 'signedIn', token: 'abc' });
  });

  it('fails when next is login without a token', () => {
    expect(outcomeOf({ next: 'login' })).toEqual({ kind: 'failed' });
    expect(outcomeOf({ next: 'login', token: '' })).toEqual({ kind: 'failed' });
  });

  it('sends the browser to the cloud directory when next is azure with an https address', () => {
    expect(outcomeOf({ next: 'azure', azure_redirect: 'https://login.example/authorize?x=1' })).toEqual({
      kind: 'redirect',
      address: 'https://login.example/authorize?x=1',
    });
  });

  it('fails when next is azure without a safe address', () => {
    expect(outcomeOf({ next: 'azure' })).toEqual({ kind: 'failed' });
    expect(outcomeOf({ next: 'azure', azure_redirect: 'http://login.example/authorize' })).toEqual({ kind: 'failed' });
    expect(outcomeOf({ next: 'azure', azure_redirect: 'javascript:alert(1)' })).toEqual({ kind: 'failed' });
  });

  it('goes to the two-factor page with the ticket when next is 2fa', () => {
    expect(outcomeOf({ next: '2fa', ticket: 't-1' })).toEqual({ kind: 'route', path: '/2fa', ticket: 't-1' });
  });

  it('goes to the two-factor setup page with the ticket when next is 2fasetup', () => {
    expect(outcomeOf({ next: '2fasetup', ticket: 't-2' })).toEqual({ kind: 'route', path: '/2fasetup', ticket: 't-2' });
  });

  it('fails when next is 2fa or 2fasetup without a ticket', () => {
    for (const next of ['2fa', '2fasetup']) {
      expect(outcomeOf({ next })).toEqual({ kind: 'failed' });
      expect(outcomeOf({ next, ticket: '' })).toEqual({ kind: 'failed' });
    }
  });

  it('fails for any other next, or no answer', () => {
    expect(outcomeOf({ next: 'weird' })).toEqual({ kind: 'failed' });
    expect(outcomeOf({ next: '' })).toEqual({ kind: 'failed' });
    expect(outcomeOf({ next: 'LOGIN', token: 'abc' })).toEqual({ kind: 'failed' });
    expect(outcomeOf(null)).toEqual({ kind: 'failed' });
    expect(outcomeOf(undefined)).toEqual({ kind: 'failed' });
  });
});

describe('the text of a failed sign-in', () => {
  it('is the server’s text when it gave one', () => {
    expect(failureText('The username or password is incorrect.', texts.signInFailed)).toBe(
      'The username or password is incorrect.',
    );
  });

  it('is the spec’s apology when the server gave no text, or the text null', () => {
    for (const given of [null, undefined, '', 'null']) {
      expect(failureText(given, texts.signInFailed)).toBe(
        'Sorry, we could not validate your login. There appears to be an issue on the server. Please try again later or contact us for assistance.',
      );
    }
  });
});
